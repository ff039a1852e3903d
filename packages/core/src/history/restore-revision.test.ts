import { describe, expect, it, vi } from 'vitest'

import type { Revision } from './history-repository.ts'
import { restoreRevision } from './restore-revision.ts'

type Docs = { alerts: string[] }

const old: Revision = {
  key: 'alerts',
  version: 3,
  savedAt: '2026-11-01T00:00:00+00:00',
  savedBy: null,
  savedByEmail: null,
  beforeFirstSave: false,
  value: ['old alert'],
}

const history = {
  readRevision: async (key: string, version: number) =>
    key === old.key && version === old.version ? old : undefined,
}

describe('restoreRevision', () => {
  it('should save the old document through the store as a new edit', async () => {
    const save = vi.fn(async () => 'stored' as const)
    await expect(
      restoreRevision<Docs, 'alerts'>({ store: { save }, history }, 'alerts', 3),
    ).resolves.toBe('stored')
    expect(save).toHaveBeenCalledWith('alerts', ['old alert'])
  })

  it('should read the old document through the given parser first', async () => {
    const save = vi.fn(async () => 'stored' as const)
    const parse = (_key: 'alerts', raw: unknown) => [...(raw as string[]), 'parsed']
    await restoreRevision<Docs, 'alerts'>({ store: { save }, history, parse }, 'alerts', 3)
    expect(save).toHaveBeenCalledWith('alerts', ['old alert', 'parsed'])
  })

  it('should save nothing when the revision cannot be read', async () => {
    const save = vi.fn(async () => 'stored' as const)
    await expect(
      restoreRevision<Docs, 'alerts'>({ store: { save }, history }, 'alerts', 9),
    ).resolves.toBe('missing')
    expect(save).not.toHaveBeenCalled()
  })
})
