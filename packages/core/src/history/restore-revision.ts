import type { DocumentMap, KeyOf } from '../content/catalog.ts'
import type { HistoryRepository } from './history-repository.ts'
import type { ContentStore, SaveOutcome } from '../content/store-types.ts'

/** How a restore ended: the save's outcome, or `missing` when the revision could not be read. */
export type RestoreOutcome = SaveOutcome | 'missing'

/**
 * Restores an old version of a key: its document is saved again through the store, as a
 * new version on top of the current one (the history only ever grows; nothing is deleted).
 * The save indicator, retries and conflict handling apply as to any edit. `parse` reads the
 * old document through today's schema, so a version saved under an older shape is restored
 * in a shape the pages understand; without it the document is saved as stored.
 *
 * @example
 * await restoreRevision({ store, history, parse: parseStored }, 'alerts', 3)
 */
export async function restoreRevision<Docs extends DocumentMap, K extends KeyOf<Docs>>(
  deps: {
    store: Pick<ContentStore<Docs>, 'save'>
    history: Pick<HistoryRepository, 'readRevision'>
    parse?: (key: K, raw: unknown) => Docs[K]
  },
  key: K,
  version: number,
): Promise<RestoreOutcome> {
  const revision = await deps.history.readRevision(key, version)
  if (!revision) return 'missing'
  const document = deps.parse ? deps.parse(key, revision.value) : (revision.value as Docs[K])
  return deps.store.save(key, document)
}
