import { describe, expect, it } from 'vitest'

import { imagePlace } from './image-places.ts'

const documents = {
  newsPosts: [{ id: 'news-opening', title: 'Opening day' }],
  teams: { 'select-12u': { name: '12U Select' } },
}

describe('imagePlace', () => {
  it('should lead to the screen where each use is changed', () => {
    const at = (key: string, path: (string | number)[]) =>
      imagePlace({ key, path, label: 'Somewhere' }, documents).to
    expect(at('newsPosts', [0, 'cardImageUrl'])).toBe('/admin/news/news-opening')
    expect(at('teams', ['select-12u', 'roster', 0, 'imageUrl'])).toBe('/admin/edit/team/select-12u')
    expect(at('staff', [2, 'imageUrl'])).toBe('/admin/rosters-staff')
    expect(at('programsContent', ['tee-ball', 'hero', 'image'])).toBe(
      '/admin/edit/programs/tee-ball',
    )
    expect(at('aboutContent', ['hero'])).toBe('/admin/edit/about-editor')
    expect(at('content', ['hero', 'image'])).toBe('/admin/edit')
  })

  it('should give no link where it cannot tell', () => {
    expect(imagePlace({ key: 'newsPosts', path: [7], label: 'Gone' }, documents)).toEqual({
      label: 'Gone',
    })
    expect(imagePlace({ key: 'unknownKey', path: [], label: 'Odd' }, documents)).toEqual({
      label: 'Odd',
    })
  })
})
