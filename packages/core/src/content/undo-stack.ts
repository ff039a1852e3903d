import { sameDocument } from './same-document.ts'

/** How long after an edit another edit of the same field still joins its step (ms). */
export const UNDO_COALESCE_MS = 1000
/** How many steps are kept; the oldest go first. */
export const UNDO_DEPTH = 100

/** One document changed by an edit: the whole document before and after it. */
export type UndoChange = { readonly key: string; readonly before: unknown; readonly after: unknown }

/** One undoable action: every document it changed (a page edit may touch several keys). */
export type UndoStep = {
  readonly changes: readonly UndoChange[]
  /** The edited field (e.g. `hero.title`), which lets rapid typing in it form one step. */
  readonly path: string | undefined
  /** When the step was last extended (ms). */
  readonly at: number
}

/** What `record` is told about an edit besides the documents. */
export type RecordOptions = {
  /**
   * The field being edited. Edits of the same keys and path within the coalescing window
   * join the previous step, so undo takes back a whole burst of typing. Without a path an
   * edit is always its own step.
   */
  path?: string | undefined
}

/** Limits and clock of an undo stack. */
export type UndoStackOptions = {
  /** Steps kept (default 100). */
  depth?: number
  /** Window for joining edits of one field (default 1 s), counted from the last edit. */
  coalesceMs?: number
  now?: () => number
}

/**
 * Undo and redo of whole-document edits, pure and framework-free: it only remembers
 * documents; applying them (saving) is the caller's job (see undo-controller.ts).
 */
export type UndoStack = {
  /** Remembers an edit. A new edit clears what could be redone. No-op edits are ignored. */
  record(changes: readonly UndoChange[], options?: RecordOptions): void
  /** Takes the last step back: apply each change's `before`. Undefined when there is none. */
  undo(): UndoStep | undefined
  /** Takes the last undone step again: apply each change's `after`. */
  redo(): UndoStep | undefined
  canUndo(): boolean
  canRedo(): boolean
  /** Steps that can be undone and redone. */
  depths(): { undo: number; redo: number }
  clear(): void
}

const sameKeys = (a: readonly UndoChange[], b: readonly UndoChange[]) =>
  a.length === b.length && a.every((change, index) => change.key === b[index]?.key)

/**
 * Creates an empty undo stack.
 *
 * @example
 * const stack = createUndoStack()
 * stack.record([{ key: 'content', before: oldHome, after: newHome }], { path: 'hero.title' })
 * const step = stack.undo() // step.changes[0].before is oldHome
 */
export function createUndoStack(options: UndoStackOptions = {}): UndoStack {
  const depth = Math.max(1, options.depth ?? UNDO_DEPTH)
  const coalesceMs = options.coalesceMs ?? UNDO_COALESCE_MS
  const now = options.now ?? Date.now
  const past: UndoStep[] = []
  const future: UndoStep[] = []
  // Only the step recorded last may grow: after an undo or redo, typing starts a new one.
  let growing: UndoStep | undefined

  const joins = (previous: UndoStep, changes: readonly UndoChange[], path?: string) =>
    previous === growing &&
    path !== undefined &&
    previous.path === path &&
    sameKeys(previous.changes, changes) &&
    now() - previous.at <= coalesceMs

  return {
    record(changes, recordOptions = {}) {
      const real = changes.filter((change) => !sameDocument(change.before, change.after))
      if (real.length === 0) return
      future.length = 0
      const previous = past.at(-1)
      let step: UndoStep = { changes: real, path: recordOptions.path, at: now() }
      if (previous && joins(previous, real, recordOptions.path)) {
        past.pop()
        // The step keeps the documents from before the burst and takes the latest after.
        step = {
          ...step,
          changes: previous.changes.map((change, index) => ({
            key: change.key,
            before: change.before,
            after: real[index]?.after,
          })),
        }
        // Typed and then erased again: nothing is left to undo.
        if (step.changes.every((change) => sameDocument(change.before, change.after))) {
          growing = undefined
          return
        }
      }
      past.push(step)
      if (past.length > depth) past.splice(0, past.length - depth)
      growing = step
    },
    undo() {
      const step = past.pop()
      if (step) future.push(step)
      growing = undefined
      return step
    },
    redo() {
      const step = future.pop()
      if (step) past.push(step)
      growing = undefined
      return step
    },
    canUndo: () => past.length > 0,
    canRedo: () => future.length > 0,
    depths: () => ({ undo: past.length, redo: future.length }),
    clear() {
      past.length = 0
      future.length = 0
      growing = undefined
    },
  }
}
