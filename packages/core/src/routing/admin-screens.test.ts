import { describe, expect, it } from 'vitest'

import { adminScreenAt } from './admin-screens.ts'

describe('adminScreenAt', () => {
  it('should find the screen of an address, below a `/*` screen too', () => {
    expect(adminScreenAt('/admin/alerts')?.part).toBe('AlertsRoute')
    expect(adminScreenAt('/admin/alerts/')?.part).toBe('AlertsRoute')
    expect(adminScreenAt('/admin/news')?.part).toBe('NewsEditorRoute')
    expect(adminScreenAt('/admin/news/abc-123')?.part).toBe('NewsEditorRoute')
    expect(adminScreenAt('/admin/edit/about-editor')?.part).toBe('AboutEditorRoute')
    expect(adminScreenAt('/admin/history/alerts')?.part).toBe('HistoryRoute')
  })

  it('should find no screen for edit mode, other addresses or a longer name', () => {
    expect(adminScreenAt('/admin/edit/fields')).toBeUndefined()
    expect(adminScreenAt('/admin/alerts-old')).toBeUndefined()
    expect(adminScreenAt('/admin/history/alerts/2')).toBeUndefined()
    expect(adminScreenAt('/news')).toBeUndefined()
  })

  it('should name the content of the screens that edit it', () => {
    expect(adminScreenAt('/admin/rosters-staff')?.content).toEqual(['teams', 'staff'])
    expect(adminScreenAt('/admin/history/alerts')?.content).toBeUndefined()
  })
})
