import { useMemo } from 'react'

import { ChangeList } from './change-list.tsx'
import type { ChangeListProps } from './change-list.tsx'
import { presentChanges } from './change-presentation.ts'

/** Props of {@link DocumentChanges}. */
export type DocumentChangesProps = Omit<ChangeListProps, 'changes'> & {
  /** The older (or the other) version. */
  before: unknown
  /** The newer (or this) version. */
  after: unknown
}

/**
 * The readable differences between two versions of a document: {@link presentChanges} shown
 * as a {@link ChangeList}. A module of its own so that a screen can load it, and the diff
 * library with it, only when differences are asked for.
 *
 * @example
 * const DocumentChanges = lazy(() => import('…/document-changes.tsx').then((m) => ({ default: m.DocumentChanges })))
 * <DocumentChanges before={theirs} after={mine} beforeLabel="Their version" afterLabel="Your version" label="…" />
 */
export function DocumentChanges({ before, after, ...list }: DocumentChangesProps) {
  const changes = useMemo(() => presentChanges(before, after), [before, after])
  return <ChangeList changes={changes} {...list} />
}
