import type { DocumentMap, KeyOf } from './catalog.ts'
import type { ContentStore, SaveEntry, SaveOutcome } from './store-types.ts'
import { createUndoStack } from './undo-stack.ts'
import type { RecordOptions, UndoStackOptions, UndoStep } from './undo-stack.ts'

/** What the undo buttons show; keeps its identity until it changes (useSyncExternalStore). */
export type UndoState = {
  canUndo: boolean
  canRedo: boolean
  /** Steps that can be undone / redone. */
  undoDepth: number
  redoDepth: number
}

/**
 * Undo and redo over a content store: edits made through it are remembered, and each
 * undo or redo is saved like any other edit (`store.saveMany`: the view updates at once,
 * the save indicator, retries and conflict handling all apply).
 */
export type UndoController<Docs extends DocumentMap> = {
  /**
   * Saves `document` as `store.save` does (with `base`, only what changed from it), remembering
   * the document it replaces.
   */
  edit<K extends KeyOf<Docs>>(
    key: K,
    document: Docs[K],
    options?: RecordOptions & { base?: Docs[K] | undefined },
  ): Promise<SaveOutcome>
  /** Saves several documents as one undoable step. */
  editMany(entries: readonly SaveEntry<Docs>[], options?: RecordOptions): Promise<SaveOutcome[]>
  /** Saves the documents from before the last step; resolves to [] when there is nothing to undo. */
  undo(): Promise<SaveOutcome[]>
  /** Saves the documents of the last undone step again; [] when there is nothing to redo. */
  redo(): Promise<SaveOutcome[]>
  getState(): UndoState
  subscribe(listener: () => void): () => void
  /** Forgets every step (e.g. leaving the page the steps belong to). */
  clear(): void
}

const EMPTY: UndoState = { canUndo: false, canRedo: false, undoDepth: 0, redoDepth: 0 }

/**
 * Creates an undo controller over `store`. One per editing scope (a page, say): its steps
 * may touch several keys. Without a staff session nothing is recorded or undone, since
 * the store would ignore the save.
 *
 * @example
 * const undo = createUndoController(store)
 * await undo.edit('content', { ...home, hero: { ...home.hero, title } }, { path: 'hero.title' })
 * await undo.undo() // saves the previous home document as a new version
 */
export function createUndoController<Docs extends DocumentMap>(
  store: Pick<ContentStore<Docs>, 'get' | 'saveMany' | 'canSave'>,
  options: UndoStackOptions = {},
): UndoController<Docs> {
  const stack = createUndoStack(options)
  const listeners = new Set<() => void>()
  let state = EMPTY

  const changed = () => {
    const { undo, redo } = stack.depths()
    if (undo !== state.undoDepth || redo !== state.redoDepth) {
      state = { canUndo: undo > 0, canRedo: redo > 0, undoDepth: undo, redoDepth: redo }
    }
    for (const listener of [...listeners]) listener()
  }

  const editMany = (entries: readonly SaveEntry<Docs>[], recordOptions?: RecordOptions) => {
    if (store.canSave()) {
      stack.record(
        entries.map(({ key, document }) => ({ key, before: store.get(key), after: document })),
        recordOptions,
      )
      changed()
    }
    return store.saveMany(entries)
  }

  const apply = (step: UndoStep | undefined, side: 'before' | 'after') => {
    if (!step) return Promise.resolve<SaveOutcome[]>([])
    changed()
    // A step's changes were made to the keys of Docs by edit/editMany. Each is saved from the
    // other side, so undoing takes back this step only, not what others saved since.
    const other = side === 'before' ? 'after' : 'before'
    const entries = step.changes.map(
      (change) =>
        ({ key: change.key, document: change[side], base: change[other] }) as SaveEntry<Docs>,
    )
    return store.saveMany(entries)
  }

  return {
    edit: (key, document, { base, ...recordOptions } = {}) =>
      editMany([{ key, document, base } as SaveEntry<Docs>], recordOptions).then(
        (outcomes) => outcomes[0] ?? 'ignored',
      ),
    editMany,
    undo: () => (store.canSave() ? apply(stack.undo(), 'before') : Promise.resolve([])),
    redo: () => (store.canSave() ? apply(stack.redo(), 'after') : Promise.resolve([])),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear() {
      stack.clear()
      changed()
    },
  }
}
