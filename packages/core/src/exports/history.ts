/**
 * IMPORTANT: the entry for content history, for the signed-in area only: the revisions
 * (staff-only), restoring one, conflict details, and readable differences. It brings in
 * jsondiffpatch, so nothing that the public site loads may import it.
 */
export { loadConflictDetails } from '../content/conflict-details.ts'
export type { ConflictDetails } from '../content/conflict-details.ts'
export {
  describeChange,
  describeValue,
  diffDocuments,
  formatPath,
} from '../content/document-diff.ts'
export type { ChangeKind, DocumentChange } from '../content/document-diff.ts'
export { createHistoryRepository, REVISIONS_PAGE } from '../content/history-repository.ts'
export type { HistoryRepository, Revision, RevisionSummary } from '../content/history-repository.ts'
export { restoreRevision } from '../content/restore-revision.ts'
export type { RestoreOutcome } from '../content/restore-revision.ts'
