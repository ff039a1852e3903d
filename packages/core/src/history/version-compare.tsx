/*
 * The history screen's comparison: the differences between two versions (a chosen one and the
 * current one by default), with Restore for each that is not current.
 */
import { useEffect, useId, useMemo, useState } from 'react'
import type { RefObject } from 'react'

import type { HistoryRepository, RevisionSummary } from './history-repository.ts'
import { ChangeList } from './change-list.tsx'
import { presentChanges } from './change-presentation.ts'
import { errorText } from './version-list.tsx'

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

/**
 * The comparison of version `selected` with version `newer` (each document read once, from
 * `documents` when already read), and the changes between them.
 */
export function useComparison({
  history,
  contentKey,
  documents,
  selected,
  newer,
  current,
}: {
  history: Pick<HistoryRepository, 'readRevision'>
  contentKey: string
  documents: { current: Map<number, unknown> }
  selected: number | undefined
  newer: number | undefined
  current: RevisionSummary | undefined
}) {
  const [compared, setCompared] = useState<ComparisonResult | undefined>()
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
  }, [selected, newer, current, pair, history, contentKey, documents])

  const changes = useMemo(
    () =>
      compared?.kind === 'loaded'
        ? presentChanges(compared.olderValue, compared.newerValue, contentKey)
        : [],
    [compared, contentKey],
  )
  return { comparison, changes }
}

/** The "Compare" panel: its heading, the pair picker, and the compared pair's changes. */
export function ComparePanel({
  headingId,
  headingRef,
  label,
  comparison,
  changes,
  hasCurrent,
  versions,
  selected,
  newer,
  onCompare,
  restoring,
  restoreButton,
  onRestore,
}: {
  headingId: string
  headingRef: RefObject<HTMLHeadingElement | null>
  label: string
  comparison: Comparison
  changes: ReturnType<typeof presentChanges>
  /** Whether any version is stored. */
  hasCurrent: boolean
  /** The listed versions, newest first (none until the list is read). */
  versions: readonly number[] | undefined
  selected: number | undefined
  newer: number | undefined
  onCompare(version: number, other?: number): void
  restoring: boolean
  restoreButton: RefObject<HTMLButtonElement | null>
  onRestore(version: number): void
}) {
  return (
    <section className="admin-panel history__compare" aria-labelledby={`${headingId}-compare`}>
      <h2 id={`${headingId}-compare`} ref={headingRef} tabIndex={-1}>
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
          {hasCurrent
            ? 'Choose “Compare with current” on a version to see what has changed since it was saved, or choose any two versions below.'
            : 'There is nothing to compare yet.'}
        </p>
      )}
      {versions && versions.length > 1 && (
        <PairPicker
          key={`${selected ?? ''}:${newer ?? ''}:${versions.length}`}
          versions={versions}
          from={selected}
          to={newer}
          onCompare={onCompare}
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
          restoring={restoring}
          restoreButton={restoreButton}
          onRestore={onRestore}
        />
      )}
    </section>
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
