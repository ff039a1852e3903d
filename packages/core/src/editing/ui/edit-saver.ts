import type { ContentPath, EditTarget } from '../editing-context.ts'
import { getAtPath, setAtPath } from '../set-at-path.ts'

/** One committed edit: where, and the new value. */
export type EditChange = { target: EditTarget; value: unknown }

/** How edits reach the content store, as the editors use it. */
export type EditSaver = {
  /** The current value at `path` of `contentKey` (the local draft, else the stored document). */
  read(contentKey: string, path: ContentPath): unknown
  /** Applies the changes to their documents and saves each changed document once. */
  applyEdits(changes: readonly EditChange[]): void
  /** One change; the shape of `EditingContextValue.onEdit`. */
  onEdit(target: EditTarget, value: unknown): void
}

/** What an edit saver needs: the current documents and a way to save one. */
export type EditSaverOptions = {
  /** The document to edit: `store.get`. */
  get: (contentKey: string) => unknown
  /** Saves a whole document: `store.save`, or an undo controller's `edit`. */
  save: (contentKey: string, document: unknown) => Promise<unknown>
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

  const applyEdits = (changes: readonly EditChange[]) => {
    const next = new Map<string, unknown>()
    for (const { target, value } of changes) {
      const document = next.has(target.contentKey)
        ? next.get(target.contentKey)
        : get(target.contentKey)
      if (Object.is(getAtPath(document, target.path), value)) continue
      try {
        next.set(target.contentKey, setAtPath(document, target.path, value))
      } catch (error) {
        onError(`[editing] Could not apply an edit to ${target.contentKey}.`, error)
      }
    }
    for (const [contentKey, document] of next) {
      save(contentKey, document).catch((error: unknown) =>
        onError(`[editing] Saving ${contentKey} failed.`, error),
      )
    }
  }

  return {
    read: (contentKey, path) => getAtPath(get(contentKey), path),
    applyEdits,
    onEdit: (target, value) => applyEdits([{ target, value }]),
  }
}
