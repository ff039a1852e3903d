import { describe, expect, it, vi } from 'vitest'

import { recordLogs } from '../../test-utils/notices.ts'
import type { ContentCatalog } from './catalog.ts'
import type { PendingSaveEntry } from './pending-save-book.ts'
import { createStoreState } from './store-state.ts'

type Docs = { hero: string; teams: string[] }

// A catalog of two keys whose parser refuses anything but the expected type.
const defaultOf = <K extends keyof Docs>(key: K): Docs[K] =>
  (key === 'hero' ? 'Default hero' : ['Default team']) as Docs[K]
const catalog: ContentCatalog<Docs> = {
  vitalKeys: ['hero'],
  backgroundKeys: ['teams'],
  defaultFor: defaultOf,
  parse(key, raw) {
    const ok = key === 'hero' ? typeof raw === 'string' : Array.isArray(raw)
    if (ok) return { value: raw as never, rejections: [] }
    return {
      value: defaultOf(key),
      rejections: [{ key, path: '', message: 'wrong type' }],
    }
  },
}

function makeState(pendingSaves: Map<string, PendingSaveEntry> = new Map()) {
  const logs = recordLogs()
  const state = createStoreState<Docs>({
    catalog,
    baseline: { hero: 'Built hero' },
    logger: logs.logger,
    activePendingSave: (key) => pendingSaves.get(key),
    snapshotPending: () => [],
  })
  return { state, logs }
}

const entryOf = (key: string, viewValue: unknown): PendingSaveEntry => ({
  id: 'd',
  key,
  value: viewValue,
  viewValue,
  baseVersion: 0,
  savedAt: 0,
  attempts: 0,
  status: 'pending',
  revision: 1,
})

describe('the store state', () => {
  it('should show the baseline until a read answers, then the default for a key not stored', () => {
    const { state } = makeState()
    expect(state.view('hero')).toBe('Built hero')
    state.markAnswered(['hero'])
    state.refreshView('hero')
    expect(state.view('hero')).toBe('Default hero')
    expect(state.baseline('hero')).toBe('Built hero')
  })

  it('should show a stored row once applied, with its version', () => {
    const { state } = makeState()
    state.applyRow({ key: 'hero', value: 'Stored hero', version: 4, updatedAt: '' })
    expect(state.view('hero')).toBe('Stored hero')
    expect(state.version('hero')).toBe(4)
  })

  it('should keep a newer stored version over an older row read later', () => {
    const { state } = makeState()
    state.setStored('hero', 'Saved by us', 5)
    state.applyRow({ key: 'hero', value: 'Read before', version: 4, updatedAt: '' })
    expect(state.stored('hero')).toEqual({ value: 'Saved by us', version: 5 })
  })

  it('should ignore rows of keys the catalog does not know', () => {
    const { state } = makeState()
    state.applyRow({ key: 'unknown', value: 1, version: 1, updatedAt: '' })
    expect(state.stored('unknown')).toBeUndefined()
  })

  it('should show a live pending save over the stored document', () => {
    const pendingSaves = new Map([['hero', entryOf('hero', 'Pending save hero')]])
    const { state } = makeState(pendingSaves)
    state.applyRow({ key: 'hero', value: 'Stored hero', version: 1, updatedAt: '' })
    expect(state.view('hero')).toBe('Pending save hero')
  })

  it('should log the same refusal only once', () => {
    const { state, logs } = makeState()
    state.parse('hero', 42)
    state.parse('hero', 42)
    expect(logs.warnings).toEqual([
      '[content] 1 part of "hero" refused; defaults are shown instead or the parts left out (first: (whole document): wrong type)',
    ])
  })

  it('should tell every listener on emit until it unsubscribes', () => {
    const { state } = makeState()
    const listener = vi.fn()
    const unsubscribe = state.subscribe(listener)
    state.emit()
    unsubscribe()
    state.emit()
    expect(listener).toHaveBeenCalledOnce()
  })

  it('should keep the identity of the load state until it is replaced', () => {
    const { state } = makeState()
    const first = state.getLoadState()
    state.emit()
    expect(state.getLoadState()).toBe(first)
    state.setLoadState({ vital: 'loading', background: 'idle', staff: 'idle' })
    expect(state.getLoadState()).not.toBe(first)
  })

  it('should parse a stored document only when it is first viewed, and once', () => {
    const parse = vi.spyOn(catalog, 'parse')
    try {
      const { state } = makeState()
      state.markAnswered(['teams'])
      state.applyRow({ key: 'teams', value: ['Stored team'], version: 2, updatedAt: '' })
      // Arrived, not shown by anything yet: not parsed, but there.
      expect(parse).not.toHaveBeenCalled()
      expect(state.has('teams')).toBe(true)
      expect(state.version('teams')).toBe(2)
      expect(parse).not.toHaveBeenCalled()
      const first = state.view('teams')
      expect(first).toEqual(['Stored team'])
      expect(state.view('teams')).toBe(first)
      expect(state.stored('teams')?.value).toBe(first)
      expect(parse).toHaveBeenCalledTimes(1)
    } finally {
      parse.mockRestore()
    }
  })
  it('should load the built-in documents again after a load that failed (offline)', async () => {
    let tries = 0
    const logs = recordLogs()
    const state = createStoreState<Docs>({
      catalog: {
        ...catalog,
        loadDefaults: () => {
          tries += 1
          return tries === 1
            ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
            : Promise.resolve()
        },
      },
      logger: logs.logger,
      activePendingSave: () => undefined,
      snapshotPending: () => [],
    })
    await expect(state.loadDefaults()).rejects.toThrow(/dynamically imported/)
    await expect(state.loadDefaults()).resolves.toBeUndefined()
    expect(tries).toBe(2)
    // Loaded once, it is not loaded again.
    await state.loadDefaults()
    expect(tries).toBe(2)
  })

  describe('a document held in the form its pages show (public-forms.ts)', () => {
    const row = (value: string[], version: number, form?: 'public') => ({
      key: 'teams',
      value,
      version,
      updatedAt: '',
      ...(form ? { form } : {}),
    })

    it('should name it by its public row in the versions a read leaves out, and whole by its key', () => {
      const { state } = makeState()
      state.applyRow(row(['Sam R.'], 4, 'public'))
      expect(state.form('teams')).toBe('public')
      expect(state.heldVersions(['teams'])).toEqual({ publicTeams: 4 })
      state.applyRow(row(['Sam Rivera'], 4))
      expect(state.form('teams')).toBeUndefined()
      expect(state.view('teams')).toEqual(['Sam Rivera'])
      expect(state.heldVersions(['teams'])).toEqual({ teams: 4 })
    })

    it('should never let the public form replace the whole document of its version', () => {
      const { state } = makeState()
      state.applyRow(row(['Sam Rivera'], 4))
      state.applyRow(row(['Sam R.'], 4, 'public'))
      expect(state.view('teams')).toEqual(['Sam Rivera'])
      expect(state.supersedes('teams', 4, 'public')).toBe(false)
      expect(state.supersedes('teams', 4)).toBe(false)
      // A newer save, as visitors see it, is newer all the same: held as a public form.
      expect(state.supersedes('teams', 5, 'public')).toBe(true)
      state.applyRow(row(['Sam R.', 'Ana C.'], 5, 'public'))
      expect(state.form('teams')).toBe('public')
      expect(state.supersedes('teams', 5)).toBe(true)
    })

    it('should take a page built from the public form as that form', () => {
      const logs = recordLogs()
      const state = createStoreState<Docs>({
        catalog,
        baseline: { teams: ['Sam R.'] },
        baselineVersions: { publicTeams: 3 },
        logger: logs.logger,
        activePendingSave: () => undefined,
        snapshotPending: () => [],
      })
      expect(state.heldVersions(['teams'])).toEqual({ publicTeams: 3 })
      // The whole document of that version is not the page's: it is taken as read.
      expect(state.isBaselineRow(row(['Sam Rivera'], 3))).toBe(false)
      expect(state.isBaselineRow(row(['Sam R.'], 3, 'public'))).toBe(true)
      state.takeHeld('teams', 3)
      expect(state.form('teams')).toBe('public')
      state.applyRow(row(['Sam Rivera'], 3))
      expect(state.view('teams')).toEqual(['Sam Rivera'])
    })
  })
})
