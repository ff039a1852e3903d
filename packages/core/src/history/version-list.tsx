/*
 * The history screen's list of saved versions: read a page at a time, each with who saved it,
 * when, and what it changed in one line.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'

import type { HistoryRepository, RevisionSummary } from './history-repository.ts'
import { versionSummaries } from './change-summary.ts'
import { versionTimes } from './version-time.ts'

/** Versions listed at first and added by each "Show older versions". */
export const HISTORY_PAGE = 20

/** The list as read so far. */
export type ListState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded'; revisions: RevisionSummary[]; hasOlder: boolean; loadingOlder: boolean }

const who = (revision: Pick<RevisionSummary, 'savedByEmail'>) =>
  revision.savedByEmail ?? 'an unknown account'

/** What a failed read says. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The site could not be reached.'
}

/**
 * The listed versions of `contentKey`: the first page, older ones on demand, and a summary and a
 * time in words for each. `documents` holds every version's document read so far, shared with
 * the comparison.
 */
export function useVersionList(
  history: Pick<HistoryRepository, 'listRevisions' | 'readRevisions'>,
  contentKey: string,
  documents: { current: Map<number, unknown> },
) {
  const [list, setList] = useState<ListState>({ kind: 'loading' })
  // The documents read for the summaries (also kept in `documents` for comparisons).
  const [summaryDocuments, setSummaryDocuments] = useState<ReadonlyMap<number, unknown>>(
    () => new Map(),
  )

  // Raised to read the first page again (Try again, after a restore).
  const [generation, setGeneration] = useState(0)
  const reloadList = useCallback(() => {
    setList({ kind: 'loading' })
    setGeneration((n) => n + 1)
  }, [])

  useEffect(() => {
    let live = true
    history.listRevisions(contentKey, { limit: HISTORY_PAGE }).then(
      (revisions) => {
        if (!live) return
        setList({
          kind: 'loaded',
          revisions,
          hasOlder: revisions.length === HISTORY_PAGE,
          loadingOlder: false,
        })
      },
      (error: unknown) => {
        if (live) setList({ kind: 'failed', message: errorText(error) })
      },
    )
    return () => {
      live = false
    }
  }, [history, contentKey, generation])

  const loadOlder = async () => {
    if (list.kind !== 'loaded') return
    const oldest = list.revisions.at(-1)?.version
    setList({ ...list, loadingOlder: true })
    try {
      const older = await history.listRevisions(contentKey, { limit: HISTORY_PAGE, before: oldest })
      setList({
        kind: 'loaded',
        revisions: [...list.revisions, ...older],
        hasOlder: older.length === HISTORY_PAGE,
        loadingOlder: false,
      })
    } catch (error) {
      setList({ kind: 'failed', message: errorText(error) })
    }
  }

  // The documents of the listed versions (and of the one before the oldest), in one read per
  // page, for each version's summary; comparisons reuse them.
  const listedVersions = list.kind === 'loaded' ? list.revisions.map((r) => r.version) : undefined
  const listedKey = listedVersions?.join(',')
  const hasOlder = list.kind === 'loaded' && list.hasOlder
  useEffect(() => {
    if (!listedVersions) return
    const oldest = listedVersions.at(-1)
    const wanted = [...listedVersions, ...(hasOlder && oldest !== undefined ? [oldest - 1] : [])]
    // What is known (read for a comparison, or for an earlier page) goes to the summaries too.
    const share = () =>
      setSummaryDocuments((known) => {
        const found = wanted.filter((v) => !known.has(v) && documents.current.has(v))
        if (found.length === 0) return known
        const next = new Map(known)
        for (const version of found) next.set(version, documents.current.get(version))
        return next
      })
    // Version 0 is the key as it was before its first save, when that was kept.
    const missing = wanted.filter((version) => version >= 0 && !documents.current.has(version))
    share()
    if (missing.length === 0) return
    let live = true
    history.readRevisions(contentKey, missing).then(
      (revisions) => {
        for (const revision of revisions) documents.current.set(revision.version, revision.value)
        if (live) share()
      },
      () => {
        // The list stands without its summaries; a comparison reads what it needs itself.
      },
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the listed versions are their key
  }, [listedKey, hasOlder, history, contentKey])
  const summaries = useMemo(
    () =>
      listedVersions
        ? versionSummaries(contentKey, listedVersions, summaryDocuments, hasOlder)
        : new Map<number, string>(),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the listed versions are their key
    [listedKey, hasOlder, contentKey, summaryDocuments],
  )
  const times = useMemo(
    () => (list.kind === 'loaded' ? versionTimes(list.revisions.map((r) => r.savedAt)) : []),
    [list],
  )
  return { list, reloadList, loadOlder, summaries, times }
}

/** What {@link useVersionList} gives: the list's state, its actions, and each version's words. */
export type VersionList = ReturnType<typeof useVersionList>

/** The note of the version that keeps a key as it was before its first save. */
export const BEFORE_FIRST_SAVE = 'As it was before the first save'

export function VersionItem({
  revision,
  isCurrent,
  isSelected,
  time,
  summary,
  onCompare,
}: {
  revision: RevisionSummary
  isCurrent: boolean
  isSelected: boolean
  /** When it was saved, in words (seconds when another listed version shares its minute). */
  time: string
  summary: string | undefined
  onCompare(): void
}) {
  return (
    <li className="history__item" aria-current={isSelected ? 'true' : undefined}>
      <p className="history__version">
        <strong>{`Version ${revision.version}`}</strong>
        {isCurrent && <span className="admin-tag">Current</span>}
      </p>
      <p className="admin-meta">
        {revision.beforeFirstSave
          ? 'Kept when the first save was made, '
          : `Saved by ${who(revision)}, `}
        <time dateTime={revision.savedAt}>{time}</time>
      </p>
      {summary !== undefined && <p className="history__summary">{summary}</p>}
      {!isCurrent && (
        <button
          type="button"
          className="btn btn--outline history__compare-button"
          aria-pressed={isSelected}
          onClick={onCompare}
        >
          Compare with current
          <span className="visually-hidden">{` (version ${revision.version})`}</span>
        </button>
      )}
    </li>
  )
}

/** The "Saved versions" panel: the list, its states, and "Show older versions". */
export function VersionsPanel({
  headingId,
  label,
  versions,
  selected,
  onCompare,
}: {
  headingId: string
  label: string
  /** The list ({@link useVersionList}), whose actions Try again and "Show older versions" call. */
  versions: VersionList
  selected: number | undefined
  onCompare(version: number): void
}) {
  const { list, times, summaries } = versions
  return (
    <section className="admin-panel history__versions" aria-labelledby={`${headingId}-versions`}>
      <h2 id={`${headingId}-versions`}>Saved versions</h2>
      {list.kind === 'loading' && <p role="status">Loading the history…</p>}
      {list.kind === 'failed' && (
        <div role="alert" className="history__problem">
          <p>{`The history of ${label} could not be loaded: ${list.message}`}</p>
          <button type="button" className="btn btn--outline" onClick={versions.reloadList}>
            Try again
          </button>
        </div>
      )}
      {list.kind === 'loaded' && list.revisions.length === 0 && (
        <p>{`Nothing has been saved for ${label} yet: the site shows its built-in content.`}</p>
      )}
      {list.kind === 'loaded' && list.revisions.length > 0 && (
        <>
          <ol className="history__list" aria-label={`Versions of ${label}`}>
            {list.revisions.map((revision, index) => (
              <VersionItem
                key={revision.version}
                revision={revision}
                isCurrent={index === 0}
                isSelected={revision.version === selected}
                time={times[index] ?? revision.savedAt}
                summary={
                  revision.beforeFirstSave ? BEFORE_FIRST_SAVE : summaries.get(revision.version)
                }
                onCompare={() => onCompare(revision.version)}
              />
            ))}
          </ol>
          {list.hasOlder && (
            <p className="admin-actions">
              <button
                type="button"
                className="btn btn--outline"
                disabled={list.loadingOlder}
                onClick={() => void versions.loadOlder()}
              >
                {list.loadingOlder ? 'Loading older versions…' : 'Show older versions'}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  )
}
