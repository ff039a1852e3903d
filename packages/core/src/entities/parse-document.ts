import { documentSchema, type ContentDocuments, type DocumentKey } from './content-keys.ts'
import { formatPath } from './format-path.ts'
import type { PathSegment } from './format-path.ts'
import { repairValue, type RepairAction } from './repair-value.ts'

/** One part of a stored document that was rejected, reported once. */
export interface ContentIssue {
  key: DocumentKey
  /** Where, written as an accessor: `newsPosts[3].content[2]`, `teams["flash-12u"].roster[0]`. */
  path: string
  /** The same location as segments, after the key. */
  segments: PathSegment[]
  /** What was done instead (see {@link RepairAction}); `defaulted` at the root means the whole
   * document was replaced by the fallback. */
  action: RepairAction
  /** A short reason; never contains the stored value. */
  reason: string
  /** How many stored items this one issue stands for: more than 1 for items left unread. */
  count: number
}

/** Receives each rejection once. */
export type ContentIssueHandler = (issue: ContentIssue) => void

/**
 * Validates a stored document tolerantly and always returns a valid one.
 *
 * - `undefined` (nothing stored) returns `fallback` without an issue.
 * - A malformed element of a list (news post, alert, roster player, field, FAQ item, ...) or
 *   entry of a record (a team) drops out; the rest stays.
 * - A malformed field of an otherwise good object takes the fallback's value for the same field
 *   (list elements are matched to fallback elements by `id`), or the field's neutral value
 *   (`''`, `null`, `false`) where one is declared, or is removed when optional; otherwise the
 *   enclosing item drops.
 * - A document that cannot be read at all (null, a string, the wrong shape) becomes `fallback`.
 * - Unknown fields are stripped; numbers stored as strings (and the reverse) are converted.
 * - A list or record is read no further than its limit (see `MAX_LIST_ITEMS`), nor past a long
 *   run of junk: the items left unread are one issue whose `count` says how many.
 *
 * Each rejection is passed to `onIssue` once. Never throws.
 */
export function parseDocument<K extends DocumentKey>(
  key: K,
  stored: unknown,
  fallback: ContentDocuments[K],
  onIssue?: ContentIssueHandler,
): ContentDocuments[K] {
  const schema = documentSchema(key)
  if (stored === undefined) return repairValue(schema, fallback, fallback).value
  const result = repairValue(schema, stored, fallback)
  if (onIssue) {
    for (const issue of result.issues) {
      try {
        onIssue({
          key,
          path: formatPath(key, issue.path),
          segments: issue.path,
          action: issue.action,
          reason: issue.reason,
          count: issue.count ?? 1,
        })
      } catch {
        // A failing logger must not take the page down with it.
      }
    }
  }
  return result.value
}

/** True when `value` is a valid `key` document as it stands (unknown fields aside). */
export function isValidDocument<K extends DocumentKey>(
  key: K,
  value: unknown,
): value is ContentDocuments[K] {
  return documentSchema(key).safeParse(value).success
}
