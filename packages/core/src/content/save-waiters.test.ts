import { describe, expect, it } from 'vitest'

import { createSaveWaiters } from './save-waiters.ts'

describe('save waiters', () => {
  it('should tell every caller waiting for a key, once, and no other key’s', async () => {
    const waiters = createSaveWaiters()
    const first = waiters.wait('alerts')
    const second = waiters.wait('alerts')
    const other = waiters.wait('teams')
    expect(waiters.has('alerts')).toBe(true)
    waiters.finish('alerts', 'kept')
    await expect(Promise.all([first, second])).resolves.toEqual(['kept', 'kept'])
    expect(waiters.has('alerts')).toBe(false)
    expect(waiters.has('teams')).toBe(true)
    // A later outcome is for later callers only.
    const later = waiters.wait('alerts')
    waiters.finish('alerts', 'stored')
    await expect(later).resolves.toBe('stored')
    waiters.finish('teams', 'conflict')
    await expect(other).resolves.toBe('conflict')
  })
})
