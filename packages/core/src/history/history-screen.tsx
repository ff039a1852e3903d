import { useEffect, useId, useRef, useState } from 'react'

import type { HistoryRepository } from './history-repository.ts'
import { AdminStyle } from '../ui/admin-style.tsx'
import { ConfirmDialog } from '../ui/editor-dialog.tsx'
import { isDocumentKey } from '../entities/content-key-list.ts'
import { contentKeyLabel } from './content-key-label.ts'
import historyCss from './history-screen.css?inline'
import { Link } from '../ui/link.tsx'
import { restoreMessage, RestoreResultPanel } from './restore-result.tsx'
import type { RestoreResult } from './restore-result.tsx'
import { ComparePanel, useComparison } from './version-compare.tsx'
import { useVersionList, VersionsPanel } from './version-list.tsx'
import { ADMIN_HOME } from '../routing/admin-paths.ts'

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

type RestoreState =
  | { kind: 'idle' }
  | { kind: 'confirming'; version: number }
  | { kind: 'restoring'; version: number }
  | { kind: 'done'; version: number; result: RestoreResult; replaced: number | undefined }

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
  if (!isDocumentKey(props.contentKey)) return <UnknownKey contentKey={props.contentKey} />
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
        <Link to={ADMIN_HOME}>Back to the admin home</Link>, where recent saves link to their
        history.
      </p>
    </section>
  )
}

/** The history of a content key that exists: its versions, their comparison and restore. */
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
  const [restore, setRestore] = useState<RestoreState>({ kind: 'idle' })
  const documents = useRef(new Map<number, unknown>())
  const versions = useVersionList(history, contentKey, documents)
  const { list, reloadList } = versions

  const current = list.kind === 'loaded' ? list.revisions[0] : undefined
  const newer = against ?? current?.version
  const { comparison, changes } = useComparison({
    history,
    contentKey,
    documents,
    selected,
    newer,
    current,
  })

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
        <VersionsPanel
          headingId={headingId}
          label={label}
          versions={versions}
          selected={selected}
          onCompare={(version) => choose(version)}
        />

        <ComparePanel
          headingId={headingId}
          headingRef={compareHeading}
          label={label}
          comparison={comparison}
          changes={changes}
          hasCurrent={current !== undefined}
          versions={
            list.kind === 'loaded' ? list.revisions.map((revision) => revision.version) : undefined
          }
          selected={selected}
          newer={newer}
          onCompare={choose}
          restoring={restore.kind === 'restoring'}
          restoreButton={restoreButton}
          onRestore={(version) => setRestore({ kind: 'confirming', version })}
        />
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
