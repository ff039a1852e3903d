import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { Link } from 'react-router'

import type { HistoryRepository, RevisionSummary } from '../../content/history-repository.ts'
import type { RestoreOutcome } from '../../content/restore-revision.ts'
import { formatClubDateTime } from '../../pages/shared/club-time.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { ConfirmDialog } from '../shared/form-controls.tsx'
import { ChangeList } from './change-list.tsx'
import { presentChanges } from './change-presentation.ts'
import { isContentKey } from '../../entities/content-key-list.ts'
import { contentKeyLabel } from './content-key-label.ts'
import historyCss from './history-screen.css?inline'

/** Versions listed at first and added by each "Show older versions". */
export const HISTORY_PAGE = 20

/** How a restore ended, with the version it was stored as. */
export type RestoreResult = { outcome: RestoreOutcome; version?: number }

/** Props of {@link HistoryScreen}. */
export type HistoryScreenProps = {
  /** The content key whose history this is, as it came in the address. */
  contentKey: string
  /** Reads the key's revisions (`createHistoryRepository(client)`). */
  history: Pick<HistoryRepository, 'listRevisions' | 'readRevision'>
  /** The version compared with the current one (from the address), if any. */
  selected: number | undefined
  /** Chooses the version to compare (or none). */
  onSelect(version: number | undefined): void
  /**
   * Saves the document of `version` again, as a new version (`restoreRevision`). Resolves to
   * how the save ended and, once stored, the new version's number.
   */
  onRestore(version: number): Promise<RestoreResult>
}

type ListState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded'; revisions: RevisionSummary[]; hasOlder: boolean; loadingOlder: boolean }

type Comparison = { kind: 'idle' } | { kind: 'loading'; version: number } | ComparisonResult

/** What reading a pair of versions gave; `pair` names the pair it was read for. */
type ComparisonResult = { pair: string } & (
  | { kind: 'failed'; version: number; message: string }
  | { kind: 'missing'; version: number }
  | { kind: 'loaded'; version: number; current: number; older: unknown; newer: unknown }
)

type RestoreState =
  | { kind: 'idle' }
  | { kind: 'confirming'; version: number }
  | { kind: 'restoring'; version: number }
  | { kind: 'done'; version: number; result: RestoreResult; replaced: number | undefined }

const who = (revision: Pick<RevisionSummary, 'savedByEmail'>) =>
  revision.savedByEmail ?? 'an unknown account'

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The site could not be reached.'
}

/** What the screen says once a restore has ended. */
export function restoreMessage(
  label: string,
  restored: number,
  result: RestoreResult,
  replaced: number | undefined,
): { title: string; detail: string; isError: boolean } {
  switch (result.outcome) {
    case 'stored':
      return {
        title: 'Content Saved!',
        detail: `Version ${restored} of ${label} is live again, saved as version ${result.version ?? '?'}.${
          replaced ? ` Nothing was deleted: version ${replaced} is still in the history.` : ''
        }`,
        isError: false,
      }
    case 'kept':
      return {
        title: 'Not saved yet',
        detail: `The restore could not be sent. It is kept on this device and will be sent again; it is listed at the top of every admin screen under changes not saved yet.`,
        isError: true,
      }
    case 'conflict':
      return {
        title: 'Someone else saved first',
        detail: `${label} was saved by someone else while you were restoring. Look at the newest version, then restore again if you still want to.`,
        isError: true,
      }
    case 'ignored':
      return {
        title: 'Not saved',
        detail: 'This account cannot save changes.',
        isError: true,
      }
    case 'missing':
      return {
        title: 'Not restored',
        detail: `Version ${restored} could not be read, so nothing was restored.`,
        isError: true,
      }
  }
}

/**
 * The history of one content key: every stored version (who saved it and when, newest first,
 * a page at a time), the differences between a chosen version and the current one, and
 * Restore, which saves the chosen version's document again as a new version. Nothing is ever
 * deleted. An unknown key or a failed read says so plainly.
 *
 * @example
 * <HistoryScreen contentKey="alerts" history={createHistoryRepository(client)}
 *   selected={3} onSelect={setVersion}
 *   onRestore={(v) => restoreRevision({ store, history }, 'alerts', v).then((outcome) => ({ outcome }))} />
 */
export function HistoryScreen(props: HistoryScreenProps) {
  if (!isContentKey(props.contentKey)) return <UnknownKey contentKey={props.contentKey} />
  // Another key is another history: nothing read for one is kept for the next.
  return <KnownKeyHistory key={props.contentKey} {...props} />
}

function UnknownKey({ contentKey }: { contentKey: string }) {
  return (
    <section className="admin-panel" aria-labelledby="history-title">
      <AdminStyle id="club-history" css={historyCss} />
      <h1 id="history-title">No such content</h1>
      <p role="alert">{`There is no content called “${contentKey}”, so it has no history.`}</p>
      <p>
        <Link to="/admin/home">Back to the admin home</Link>, where recent saves link to their
        history.
      </p>
    </section>
  )
}

function KnownKeyHistory({
  contentKey,
  history,
  selected,
  onSelect,
  onRestore,
}: HistoryScreenProps) {
  const label = contentKeyLabel(contentKey)
  const headingId = useId()
  const compareHeading = useRef<HTMLHeadingElement>(null)
  const resultRef = useRef<HTMLDivElement>(null)
  const restoreButton = useRef<HTMLButtonElement>(null)
  const focusCompare = useRef(false)
  const [list, setList] = useState<ListState>({ kind: 'loading' })
  const [compared, setCompared] = useState<ComparisonResult | undefined>()
  const [restore, setRestore] = useState<RestoreState>({ kind: 'idle' })
  const documents = useRef(new Map<number, unknown>())

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

  const current = list.kind === 'loaded' ? list.revisions[0] : undefined
  const pair = selected === undefined || !current ? undefined : `${selected}:${current.version}`
  const comparison: Comparison =
    selected === undefined || pair === undefined
      ? { kind: 'idle' }
      : compared?.pair === pair
        ? compared
        : { kind: 'loading', version: selected }

  // The compared documents: the chosen version and the current one, each read once.
  useEffect(() => {
    if (selected === undefined || !current || pair === undefined) return
    let live = true
    const read = async (version: number) => {
      if (documents.current.has(version)) return documents.current.get(version)
      const revision = await history.readRevision(contentKey, version)
      if (revision) documents.current.set(version, revision.value)
      return revision ? revision.value : undefined
    }
    Promise.all([read(selected), read(current.version)]).then(
      ([older, newer]) => {
        if (!live) return
        if (older === undefined || newer === undefined) {
          setCompared({ pair, kind: 'missing', version: selected })
        } else {
          setCompared({
            pair,
            kind: 'loaded',
            version: selected,
            current: current.version,
            older,
            newer,
          })
        }
      },
      (error: unknown) => {
        if (live)
          setCompared({ pair, kind: 'failed', version: selected, message: errorText(error) })
      },
    )
    return () => {
      live = false
    }
  }, [selected, current, pair, history, contentKey])

  useEffect(() => {
    if (focusCompare.current && comparison.kind !== 'idle') {
      focusCompare.current = false
      compareHeading.current?.focus()
    }
  }, [comparison.kind])

  useEffect(() => {
    if (restore.kind === 'done') resultRef.current?.focus()
  }, [restore.kind])

  const choose = (version: number) => {
    focusCompare.current = true
    if (restore.kind === 'done') setRestore({ kind: 'idle' })
    onSelect(version)
  }

  const runRestore = async (version: number) => {
    const replaced = current?.version
    setRestore({ kind: 'restoring', version })
    let result: RestoreResult
    try {
      result = await onRestore(version)
    } catch {
      result = { outcome: 'kept' }
    }
    setRestore({ kind: 'done', version, result, replaced })
    if (result.outcome === 'stored' || result.outcome === 'conflict') {
      onSelect(undefined)
      reloadList()
    }
  }

  const changes = useMemo(
    () => (compared?.kind === 'loaded' ? presentChanges(compared.older, compared.newer) : []),
    [compared],
  )

  return (
    <div className="history">
      <AdminStyle id="club-history" css={historyCss} />
      <header className="history__header">
        <h1 id={headingId}>{`History: ${label}`}</h1>
        <p className="history__intro">
          {`Every saved version of ${label}, newest first. Compare a version with the current one, and restore it if you need to: restoring saves it again as a new version, and no version is ever deleted.`}
        </p>
      </header>

      {restore.kind === 'restoring' && (
        <p
          className="history__status"
          role="status"
        >{`Saving… restoring version ${restore.version}.`}</p>
      )}
      {restore.kind === 'done' && (
        <RestoreResultPanel
          panelRef={resultRef}
          message={restoreMessage(label, restore.version, restore.result, restore.replaced)}
        />
      )}

      <div className="history__layout">
        <section
          className="admin-panel history__versions"
          aria-labelledby={`${headingId}-versions`}
        >
          <h2 id={`${headingId}-versions`}>Saved versions</h2>
          {list.kind === 'loading' && <p role="status">Loading the history…</p>}
          {list.kind === 'failed' && (
            <div role="alert" className="history__problem">
              <p>{`The history of ${label} could not be loaded: ${list.message}`}</p>
              <button type="button" className="btn btn--outline" onClick={reloadList}>
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
                    onCompare={() => choose(revision.version)}
                  />
                ))}
              </ol>
              {list.hasOlder && (
                <p className="admin-actions">
                  <button
                    type="button"
                    className="btn btn--outline"
                    disabled={list.loadingOlder}
                    onClick={() => void loadOlder()}
                  >
                    {list.loadingOlder ? 'Loading older versions…' : 'Show older versions'}
                  </button>
                </p>
              )}
            </>
          )}
        </section>

        <section className="admin-panel history__compare" aria-labelledby={`${headingId}-compare`}>
          <h2 id={`${headingId}-compare`} ref={compareHeading} tabIndex={-1}>
            {comparison.kind === 'idle'
              ? 'Compare'
              : comparison.kind === 'loaded'
                ? `Version ${comparison.version} compared with the current version (${comparison.current})`
                : `Version ${comparison.version}`}
          </h2>
          {comparison.kind === 'idle' && (
            <p>
              {current
                ? 'Choose “Compare with current” on a version to see what has changed since it was saved.'
                : 'There is nothing to compare yet.'}
            </p>
          )}
          {comparison.kind === 'loading' && <p role="status">Loading both versions…</p>}
          {comparison.kind === 'failed' && (
            <p role="alert">{`The versions could not be loaded: ${comparison.message}`}</p>
          )}
          {comparison.kind === 'missing' && (
            <p role="alert">{`Version ${comparison.version} of ${label} could not be found.`}</p>
          )}
          {comparison.kind === 'loaded' && (
            <>
              <p className="history__legend">
                {comparison.version === comparison.current
                  ? 'This is the current version.'
                  : `What has changed from version ${comparison.version} to the current version. Removed words are struck through, added words underlined.`}
              </p>
              {comparison.version !== comparison.current && (
                <>
                  <ChangeList
                    changes={changes}
                    beforeLabel={`Version ${comparison.version}`}
                    afterLabel="Current version"
                    label={`Changes from version ${comparison.version} to the current version`}
                    emptyText={`Version ${comparison.version} has the same content as the current version.`}
                  />
                  <p className="admin-actions">
                    <button
                      ref={restoreButton}
                      type="button"
                      className="btn btn--primary"
                      disabled={restore.kind === 'restoring'}
                      onClick={() =>
                        setRestore({ kind: 'confirming', version: comparison.version })
                      }
                    >
                      {`Restore version ${comparison.version}`}
                    </button>
                  </p>
                </>
              )}
            </>
          )}
        </section>
      </div>

      <ConfirmDialog
        open={restore.kind === 'confirming'}
        title={
          restore.kind === 'confirming' ? `Restore version ${restore.version} of ${label}?` : ''
        }
        description={`Its content goes live on the site as a new version. Nothing is deleted: the current version stays in the history, so you can restore it again.`}
        confirmLabel="Restore"
        onConfirm={() => {
          if (restore.kind === 'confirming') void runRestore(restore.version)
        }}
        onCancel={() => setRestore({ kind: 'idle' })}
        // The dialog has no trigger of its own: focus goes back to Restore (after a restore
        // the result takes it as soon as it shows).
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          restoreButton.current?.focus()
        }}
      />
    </div>
  )
}

function VersionItem({
  revision,
  isCurrent,
  isSelected,
  onCompare,
}: {
  revision: RevisionSummary
  isCurrent: boolean
  isSelected: boolean
  onCompare(): void
}) {
  return (
    <li className="history__item" aria-current={isSelected ? 'true' : undefined}>
      <p className="history__version">
        <strong>{`Version ${revision.version}`}</strong>
        {isCurrent && <span className="admin-tag">Current</span>}
      </p>
      <p className="admin-meta">
        {`Saved by ${who(revision)}, `}
        <time dateTime={revision.savedAt}>{formatClubDateTime(revision.savedAt)}</time>
      </p>
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

function RestoreResultPanel({
  panelRef,
  message,
}: {
  panelRef: RefObject<HTMLDivElement | null>
  message: { title: string; detail: string; isError: boolean }
}) {
  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      className={message.isError ? 'history__result history__result--error' : 'history__result'}
      role={message.isError ? 'alert' : 'status'}
    >
      <strong>{message.title}</strong> <span>{message.detail}</span>
    </div>
  )
}
