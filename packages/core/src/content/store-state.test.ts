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
})
