import { describe, expect, it } from 'vitest'

import { loadConflictDetails } from './conflict-details.ts'
import type { Revision } from './history-repository.ts'
import type { PendingSave } from '../content/store-types.ts'

const pending = (overrides: Partial<PendingSave>): PendingSave => ({
  id: 'pending-1',
  key: 'alerts',
  value: ['mine'],
  baseVersion: 1,
  savedAt: 0,
  attempts: 1,
  status: 'conflict',
  currentVersion: 2,
  nextRetryAt: undefined,
  sending: false,
  ...overrides,
})

const revision: Revision = {
  key: 'alerts',
  version: 2,
  savedAt: '2026-11-26T10:00:00+00:00',
  savedBy: 'user-2',
  savedByEmail: 'coach@club.local',
  beforeFirstSave: false,
  value: ['theirs'],
}

function history(revisions: Revision[] = [revision]) {
  const asked: [string, number][] = []
  return {
    asked,
    async readRevision(key: string, version: number) {
      asked.push([key, version])
      return revisions.find((item) => item.key === key && item.version === version)
    },
  }
}

const storeWith = (items: PendingSave[]) => ({ getPendingSaves: () => items })

describe('loadConflictDetails', () => {
  it('should name who saved the version stored now, when, and both documents', async () => {
    const details = await loadConflictDetails(storeWith([pending({})]), history(), 'alerts')
    expect(details).toEqual({
      key: 'alerts',
      pendingSaveId: 'pending-1',
      mine: ['mine'],
      version: 2,
      theirs: ['theirs'],
      savedAt: '2026-11-26T10:00:00+00:00',
      savedBy: 'user-2',
      savedByEmail: 'coach@club.local',
    })
  })

  it('should say nothing when no conflict waits on the key', async () => {
    const repository = history()
    const store = storeWith([pending({ status: 'pending' }), pending({ key: 'teams' })])
    expect(await loadConflictDetails(store, repository, 'alerts')).toBeUndefined()
    expect(repository.asked).toEqual([])
  })

  it('should report a key removed since without reading any revision', async () => {
    const repository = history()
    const details = await loadConflictDetails(
      storeWith([pending({ currentVersion: 0 })]),
      repository,
      'alerts',
    )
    expect(details).toMatchObject({ version: 0, theirs: undefined, savedByEmail: null })
    expect(repository.asked).toEqual([])
  })

  it('should leave who and when unknown when the revision cannot be read', async () => {
    const details = await loadConflictDetails(storeWith([pending({})]), history([]), 'alerts')
    expect(details).toMatchObject({
      version: 2,
      theirs: undefined,
      savedAt: undefined,
      savedBy: null,
    })
  })
})
