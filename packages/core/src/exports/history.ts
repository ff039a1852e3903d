/**
 * IMPORTANT: the entry for content history, for the signed-in area only: the revisions
 * (staff-only), restoring one, conflict details, and readable differences. It brings in
 * jsondiffpatch, so nothing that the public site loads may import it.
 */
export { loadConflictDetails } from '../history/conflict-details.ts'
export type { ConflictDetails } from '../history/conflict-details.ts'
export {
  describeChange,
  describeValue,
  diffDocuments,
  formatPath,
} from '../history/document-diff.ts'
export type { ChangeKind, DocumentChange } from '../history/document-diff.ts'
export { createHistoryRepository, REVISIONS_PAGE } from '../history/history-repository.ts'
export type { HistoryRepository, Revision, RevisionSummary } from '../history/history-repository.ts'
export { restoreRevision } from '../history/restore-revision.ts'
export type { RestoreOutcome } from '../history/restore-revision.ts'
