import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import type { MemoryRepository } from '../../test-utils/memory-repository.ts'
import type { ContentCatalog } from './catalog.ts'
import { createContentStore } from './content-store.ts'
import type { ContentStore } from './store-types.ts'
import { createUndoController } from './undo-controller.ts'

type Docs = { hero: string; teams: string }

const catalog: ContentCatalog<Docs> = {
  vitalKeys: ['hero'],
  backgroundKeys: ['teams'],
  defaultFor: (key) => `default ${key}`,
  parse: (_key, raw) => ({ value: raw as string, rejections: [] }),
}

let repository: MemoryRepository
let store: ContentStore<Docs>

beforeEach(async () => {
  vi.useFakeTimers()
  repository = createMemoryRepository({ hero: 'Stored hero' })
  store = createContentStore<Docs>({
    repository,
    catalog,
    storage: null,
    events: null,
    canSave: true,
    logger: { warn: () => undefined, error: () => undefined },
  })
  store.start()
  await vi.advanceTimersByTimeAsync(1000)
})
afterEach(() => {
  store.dispose()
  vi.useRealTimers()
})

const storedHero = () => repository.rows.get('hero')

describe('the undo controller', () => {
  it('should save an edit through the store', async () => {
    const undo = createUndoController(store)
    await expect(undo.edit('hero', 'Edited')).resolves.toBe('stored')
    expect(storedHero()).toMatchObject({ value: 'Edited', version: 2 })
  })

  it('should save the previous document as a new version on undo', async () => {
    const undo = createUndoController(store)
    await undo.edit('hero', 'Edited')
    await expect(undo.undo()).resolves.toEqual(['stored'])
    expect(store.get('hero')).toBe('Stored hero')
    expect(storedHero()).toMatchObject({ value: 'Stored hero', version: 3 })
  })

  it('should save the undone document again on redo', async () => {
    const undo = createUndoController(store)
    await undo.edit('hero', 'Edited')
    await undo.undo()
    await expect(undo.redo()).resolves.toEqual(['stored'])
    expect(storedHero()).toMatchObject({ value: 'Edited', version: 4 })
  })

  it('should undo a burst of typing in one field in one step', async () => {
    const undo = createUndoController(store)
    for (const title of ['R', 'Ra', 'Rai', 'Rain']) {
      void undo.edit('hero', title, { path: 'title' })
      await vi.advanceTimersByTimeAsync(200)
    }
    expect(undo.getState()).toMatchObject({ canUndo: true, undoDepth: 1 })
    await undo.undo()
    expect(store.get('hero')).toBe('Stored hero')
  })

  it('should undo a step touching several keys with one save of each', async () => {
    const undo = createUndoController(store)
    await undo.editMany([
      { key: 'hero', document: 'New hero' },
      { key: 'teams', document: 'New teams' },
    ])
    await expect(undo.undo()).resolves.toEqual(['stored', 'stored'])
    expect([store.get('hero'), store.get('teams')]).toEqual(['Stored hero', 'default teams'])
  })

  it('should neither record nor undo without a staff session', async () => {
    const undo = createUndoController(store)
    await undo.edit('hero', 'Edited')
    store.setAccess(false)
    await expect(undo.undo()).resolves.toEqual([])
    await expect(undo.edit('hero', 'Ignored')).resolves.toBe('ignored')
    expect(undo.getState()).toMatchObject({ canUndo: true, undoDepth: 1 })
  })

  it('should resolve to no outcome when there is nothing to undo or redo', async () => {
    const undo = createUndoController(store)
    await expect(undo.undo()).resolves.toEqual([])
    await expect(undo.redo()).resolves.toEqual([])
    expect(repository.saves()).toEqual([])
  })

  it('should tell subscribers and keep its state identity until the depths change', async () => {
    const undo = createUndoController(store)
    const listener = vi.fn()
    undo.subscribe(listener)
    const before = undo.getState()
    await undo.edit('hero', 'Edited')
    expect(listener).toHaveBeenCalled()
    const after = undo.getState()
    expect(after).not.toBe(before)
    expect(after).toEqual({ canUndo: true, canRedo: false, undoDepth: 1, redoDepth: 0 })
    undo.clear()
    expect(undo.getState()).toEqual(before)
  })
})
