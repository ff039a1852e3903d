import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { RefObject } from 'react'

import type { HistoryRepository, RevisionSummary } from './history-repository.ts'
import type { RestoreOutcome } from './restore-revision.ts'
import { AdminStyle } from '../ui/admin-style.tsx'
import { ConfirmDialog } from '../ui/editor-dialog.tsx'
import { ChangeList } from './change-list.tsx'
import { presentChanges } from './change-presentation.ts'
import { versionSummaries } from './change-summary.ts'
import { isContentKey } from '../entities/content-key-list.ts'
import { contentKeyLabel } from './content-key-label.ts'
import { versionTimes } from './version-time.ts'
import historyCss from './history-screen.css?inline'
import { Link } from '../ui/link.tsx'

/** Versions listed at first and added by each "Show older versions". */
export const HISTORY_PAGE = 20

/** How a restore ended, with the version it was stored as. */
export type RestoreResult = { outcome: RestoreOutcome; version?: number }

/** Props of {@link HistoryScreen}. */
export type HistoryScreenProps = {
  /** The content key whose history this is, as it came in the address. */
  contentKey: string
  /** Reads the key's revisions (`createHistoryRepository(client)`). */
  history: Pick<HistoryRepository, 'listRevisions' | 'readRevision' | 'readRevisions'>
  /** The older version of the comparison (from the address), if any. */
  selected: number | undefined
  /** The version it is compared with (from the address); the current one when absent. */
  against?: number | undefined
  /** Chooses the versions to compare (or none): `against` absent means the current one. */
  onSelect(version: number | undefined, against?: number): void
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
  | {
      kind: 'loaded'
      version: number
      /** The version compared with. */
      newer: number
      /** Whether that is the current version. */
      newerIsCurrent: boolean
      olderValue: unknown
      newerValue: unknown
    }
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
        title: 'Saved elsewhere first',
        detail: `${label} was saved while you were restoring, by another editor or in another window. Look at the newest version, then restore again if you still want to.`,
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
 * The history of one content key: every stored version (who saved it and when, and what it
 * changed in one line, newest first, a page at a time), the differences between any two
 * versions (a chosen one and the current one by default), and Restore, which saves the chosen version's document again as a new version. Nothing is ever
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
  against,
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

  const current = list.kind === 'loaded' ? list.revisions[0] : undefined
  const newer = against ?? current?.version
  const pair = selected === undefined || newer === undefined ? undefined : `${selected}:${newer}`
  const comparison: Comparison =
    selected === undefined || pair === undefined
      ? { kind: 'idle' }
      : compared?.pair === pair
        ? compared
        : { kind: 'loading', version: selected }

  // The compared documents: the chosen version and the one compared with, each read once.
  useEffect(() => {
    if (selected === undefined || !current || newer === undefined || pair === undefined) return
    let live = true
    const read = async (version: number) => {
      if (documents.current.has(version)) return documents.current.get(version)
      const revision = await history.readRevision(contentKey, version)
      if (revision) documents.current.set(version, revision.value)
      return revision ? revision.value : undefined
    }
    Promise.all([read(selected), read(newer)]).then(
      ([olderValue, newerValue]) => {
        if (!live) return
        if (olderValue === undefined || newerValue === undefined) {
          setCompared({
            pair,
            kind: 'missing',
            version: olderValue === undefined ? selected : newer,
          })
        } else {
          setCompared({
            pair,
            kind: 'loaded',
            version: selected,
            newer,
            newerIsCurrent: newer === current.version,
            olderValue,
            newerValue,
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
  }, [selected, newer, current, pair, history, contentKey])

  useEffect(() => {
    if (focusCompare.current && comparison.kind !== 'idle') {
      focusCompare.current = false
      compareHeading.current?.focus()
    }
  }, [comparison.kind])

  useEffect(() => {
    if (restore.kind === 'done') resultRef.current?.focus()
  }, [restore.kind])

  const choose = (version: number, other?: number) => {
    focusCompare.current = true
    if (restore.kind === 'done') setRestore({ kind: 'idle' })
    onSelect(version, other === current?.version ? undefined : other)
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
    () =>
      compared?.kind === 'loaded'
        ? presentChanges(compared.olderValue, compared.newerValue, contentKey)
        : [],
    [compared, contentKey],
  )

  return (
    <div className="history">
      <AdminStyle id="club-history" css={historyCss} />
      <header className="history__header">
        <h1 id={headingId}>{`History: ${label}`}</h1>
        <p className="history__intro">
          {`Every saved version of ${label}, newest first, with what each changed. Compare any two versions, and restore one if you need to: restoring saves it again as a new version, and no version is ever deleted.`}
        </p>
      </header>

      {restore.kind === 'restoring' && (
        <p
          className="admin-outcome admin-outcome--running history__status"
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
                    time={times[index] ?? revision.savedAt}
                    summary={
                      revision.beforeFirstSave ? BEFORE_FIRST_SAVE : summaries.get(revision.version)
                    }
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
                ? comparison.newerIsCurrent
                  ? `Version ${comparison.version} compared with the current version (${comparison.newer})`
                  : `Version ${comparison.version} compared with version ${comparison.newer}`
                : `Version ${comparison.version}`}
          </h2>
          {comparison.kind === 'idle' && (
            <p>
              {current
                ? 'Choose “Compare with current” on a version to see what has changed since it was saved, or choose any two versions below.'
                : 'There is nothing to compare yet.'}
            </p>
          )}
          {list.kind === 'loaded' && list.revisions.length > 1 && (
            <PairPicker
              key={`${selected ?? ''}:${newer ?? ''}:${list.revisions.length}`}
              versions={list.revisions.map((revision) => revision.version)}
              from={selected}
              to={newer}
              onCompare={choose}
            />
          )}
          {comparison.kind === 'loading' && <p role="status">Loading both versions…</p>}
          {comparison.kind === 'failed' && (
            <p role="alert">{`The versions could not be loaded: ${comparison.message}`}</p>
          )}
          {comparison.kind === 'missing' && (
            <p role="alert">{`Version ${comparison.version} of ${label} could not be found.`}</p>
          )}
          {comparison.kind === 'loaded' && (
            <ComparedPair
              comparison={comparison}
              changes={changes}
              restoring={restore.kind === 'restoring'}
              restoreButton={restoreButton}
              onRestore={(version) => setRestore({ kind: 'confirming', version })}
            />
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

/** The note of the version that keeps a key as it was before its first save. */
export const BEFORE_FIRST_SAVE = 'As it was before the first save'

function VersionItem({
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
      className={
        message.isError
          ? 'admin-outcome admin-outcome--error history__result'
          : 'admin-outcome history__result'
      }
      role={message.isError ? 'alert' : 'status'}
    >
      <strong>{message.title}</strong> <span>{message.detail}</span>
    </div>
  )
}

type LoadedComparison = Extract<ComparisonResult, { kind: 'loaded' }>

/** The changes between the two compared versions, and Restore for each that is not current. */
function ComparedPair({
  comparison,
  changes,
  restoring,
  restoreButton,
  onRestore,
}: {
  comparison: LoadedComparison
  changes: ReturnType<typeof presentChanges>
  restoring: boolean
  restoreButton: RefObject<HTMLButtonElement | null>
  onRestore(version: number): void
}) {
  const { version, newer, newerIsCurrent } = comparison
  if (version === newer) {
    return (
      <p className="history__legend">
        {newerIsCurrent ? 'This is the current version.' : 'This is the same version twice.'}
      </p>
    )
  }
  const newerName = newerIsCurrent ? 'the current version' : `version ${newer}`
  const restorable = newerIsCurrent ? [version] : [version, newer]
  return (
    <>
      <p className="history__legend">
        {`What has changed from version ${version} to ${newerName}. Removed words are struck through, added words underlined.`}
      </p>
      <ChangeList
        changes={changes}
        beforeLabel={`Version ${version}`}
        afterLabel={newerIsCurrent ? 'Current version' : `Version ${newer}`}
        label={`Changes from version ${version} to ${newerName}`}
        emptyText={`Version ${version} has the same content as ${newerName}.`}
      />
      <p className="admin-actions">
        {restorable.map((each, index) => (
          <button
            key={each}
            ref={index === 0 ? restoreButton : undefined}
            type="button"
            className={index === 0 ? 'btn btn--primary' : 'btn btn--outline'}
            disabled={restoring}
            onClick={() => onRestore(each)}
          >
            {`Restore version ${each}`}
          </button>
        ))}
      </p>
    </>
  )
}

/**
 * Any two listed versions to compare: "from" (older) and "to" (newer; the current one first).
 * Choosing them the other way round compares them in time order.
 */
function PairPicker({
  versions,
  from,
  to,
  onCompare,
}: {
  versions: readonly number[]
  from: number | undefined
  to: number | undefined
  onCompare(from: number, to: number): void
}) {
  const id = useId()
  const newest = versions[0]
  const [chosenFrom, setFrom] = useState(() => from ?? versions[1] ?? newest)
  const [chosenTo, setTo] = useState(() => to ?? newest)
  const name = (version: number) =>
    version === newest ? `Version ${version} (current)` : `Version ${version}`
  return (
    <form
      className="history__pair"
      aria-label="Compare two versions"
      onSubmit={(event) => {
        event.preventDefault()
        if (chosenFrom === undefined || chosenTo === undefined) return
        onCompare(Math.min(chosenFrom, chosenTo), Math.max(chosenFrom, chosenTo))
      }}
    >
      <VersionSelect
        id={`${id}-from`}
        label="From"
        versions={versions}
        name={name}
        value={chosenFrom}
        onChange={setFrom}
      />
      <VersionSelect
        id={`${id}-to`}
        label="to"
        versions={versions}
        name={name}
        value={chosenTo}
        onChange={setTo}
      />
      <button type="submit" className="btn btn--outline">
        Compare these versions
      </button>
    </form>
  )
}

/** One end of the pair: a labelled list of the versions. */
function VersionSelect({
  id,
  label,
  versions,
  name,
  value,
  onChange,
}: {
  id: string
  label: string
  versions: readonly number[]
  name(version: number): string
  value: number | undefined
  onChange(version: number): void
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {versions.map((version) => (
          <option key={version} value={version}>
            {name(version)}
          </option>
        ))}
      </select>
    </>
  )
}
