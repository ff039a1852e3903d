import type { ContentPath, EditTarget } from '../editing-context.ts'
import { getAtPath, setAtPath } from '../set-at-path.ts'

/**
 * One committed edit: where, the new value, and (when the editor knows it) the value the
 * field held when editing began, so that a save over a newer document changes only this.
 */
export type EditChange = { target: EditTarget; value: unknown; from?: unknown }

/** How edits reach the content store, as the editors use it. */
export type EditSaver = {
  /** The current value at `path` of `contentKey` (the local pending save, else the stored document). */
  read(contentKey: string, path: ContentPath): unknown
  /** Applies the changes to their documents and saves each changed document once. */
  applyEdits(changes: readonly EditChange[]): void
  /** One change; the shape of `EditingContextValue.onEdit`. */
  onEdit(target: EditTarget, value: unknown, from?: unknown): void
}

/** What an edit saver needs: the current documents and a way to save one. */
export type EditSaverOptions = {
  /** The document to edit: `store.get`. */
  get: (contentKey: string) => unknown
  /**
   * Saves a whole document: `store.save`, or an undo controller's `edit`. `base` is the
   * document as the editor found it (each edited field at the value it started from).
   */
  save: (contentKey: string, document: unknown, base: unknown) => Promise<unknown>
  /**
   * Reads documents the page shows only in part (a news post's card on the home page, whose own
   * document `news/<id>` is read when it is first edited): an edit to a document not held yet
   * waits for it, then applies. Without it, such an edit is reported as not applied.
   */
  load?: (contentKeys: readonly string[]) => Promise<unknown>
  /** Where an edit that cannot be applied is reported (console by default). */
  onError?: (message: string, error: unknown) => void
}

/**
 * Turns editors' commits into whole-document saves: each change is written into the current
 * document with setAtPath, and every document that changed is saved once. A change that
 * leaves the value as it is saves nothing, so focusing and leaving a field costs no request.
 *
 * @example
 * const saver = createEditSaver({ get: store.get, save: store.save })
 * saver.onEdit({ contentKey: 'content', path: ['hero', 'title'], kind: 'text' }, 'Play ball!')
 */
export function createEditSaver(options: EditSaverOptions): EditSaver {
  const { get, save } = options
  const onError = options.onError ?? ((message, error) => console.error(message, error))

  const applyEdits = (changes: readonly EditChange[], loaded = false): void => {
    const missing = [
      ...new Set(
        changes.map((change) => change.target.contentKey).filter((key) => get(key) === undefined),
      ),
    ]
    if (missing.length > 0 && options.load && !loaded) {
      options.load(missing).then(
        () => applyEdits(changes, true),
        (error: unknown) =>
          onError(`[editing] Could not read ${missing.join(', ')} to edit it.`, error),
      )
      return
    }
    const next = new Map<string, unknown>()
    const bases = new Map<string, unknown>()
    for (const change of changes) {
      const { target, value } = change
      const key = target.contentKey
      const document = next.has(key) ? next.get(key) : get(key)
      if (Object.is(getAtPath(document, target.path), value)) continue
      if ('from' in change && Object.is(change.from, value)) continue
      try {
        const base = bases.has(key) ? bases.get(key) : get(key)
        next.set(key, setAtPath(document, target.path, value))
        // The field as the editor found it: a document that moved meanwhile is merged into.
        bases.set(key, 'from' in change ? setAtPath(base, target.path, change.from) : base)
      } catch (error) {
        onError(`[editing] Could not apply an edit to ${key}.`, error)
      }
    }
    for (const [contentKey, document] of next) {
      save(contentKey, document, bases.get(contentKey)).catch((error: unknown) =>
        onError(`[editing] Saving ${contentKey} failed.`, error),
      )
    }
  }

  return {
    read: (contentKey, path) => getAtPath(get(contentKey), path),
    applyEdits: (changes) => applyEdits(changes),
    onEdit: (target, value, ...from: unknown[]) =>
      applyEdits([from.length > 0 ? { target, value, from: from[0] } : { target, value }]),
  }
}
