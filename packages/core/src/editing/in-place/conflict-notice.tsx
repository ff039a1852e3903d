import { useContext, useEffect, useId, useMemo, useState } from 'react'

import { AdminDepsContext } from '../../auth/admin-deps.tsx'
import { loadConflictDetails } from '../../history/conflict-details.ts'
import type { ConflictDetails } from '../../history/conflict-details.ts'
import { useContentStore, usePendingSaves } from '../../content/content-provider.tsx'
import type { PendingSavesApi } from '../../content/content-provider.tsx'
import { createHistoryRepository } from '../../history/history-repository.ts'
import type { HistoryRepository } from '../../history/history-repository.ts'
import type { PendingSave } from '../../content/store-types.ts'
import { contentKeyLabel } from '../../history/content-key-label.ts'
import { formatClubDateTime } from '../../club/club-time.ts'
import { DifferencesDialog } from './differences-dialog.tsx'
import { otherSaverName, useReopenFieldConflict, useSavedBy } from './field-conflicts.tsx'
import { useSignedInUserId } from '../../auth/auth-provider.tsx'
import { ANOTHER_WINDOW } from '../../realtime/edit-presence.ts'

const CONFLICT_STYLES = `
.edit-conflict { flex-basis: 100%; display: grid; gap: var(--space-2); padding: var(--space-3) var(--space-4); border-radius: var(--radius); border-left: 6px solid var(--color-red); background: var(--color-white); color: var(--color-ink); }
.edit-conflict p { margin: 0; }
.edit-conflict--kept { border-left-color: var(--color-navy); }
.edit-bar .edit-conflict .edit-chip { border-color: var(--color-navy); }
.edit-conflict__actions { display: flex; flex-wrap: wrap; gap: var(--space-1); }
`

type Loaded =
  { state: 'loading' } | { state: 'loaded'; details: ConflictDetails } | { state: 'unknown' }

/**
 * Who saved the newer version and when, as the notice says it:
 * "staff@club.local saved Home page at November 2, 2026, 3:05 PM (version 7)".
 */
export function conflictHeadline(label: string, loaded: Loaded, selfId?: string): string {
  if (loaded.state !== 'loaded') return `Someone else saved ${label} after you started editing`
  const { details } = loaded
  if (details.version === 0) return `${label} was removed from the site after you started editing`
  // The same account in another window is named as presence names it.
  const who =
    selfId !== undefined && details.savedBy === selfId
      ? `${ANOTHER_WINDOW},`
      : (details.savedByEmail ?? 'Someone else')
  const when = details.savedAt ? ` at ${formatClubDateTime(details.savedAt)}` : ''
  return `${who} saved ${label}${when} (version ${details.version}), after you started editing`
}

/** The history reader, when the area provides a backend client (the admin always does). */
function useHistory(): Pick<HistoryRepository, 'readRevision'> | undefined {
  const deps = useContext(AdminDepsContext)
  const client = deps?.client
  return useMemo(() => (client ? createHistoryRepository(client) : undefined), [client])
}

function ConflictNotice({
  item,
  api,
  onSetAside,
}: {
  item: PendingSave
  api: PendingSavesApi
  onSetAside(id: string): void
}) {
  const store = useContentStore()
  const history = useHistory()
  const titleId = useId()
  // What was read, and for which conflict: a newer refusal of the same key reads again.
  const [read, setRead] = useState<{ conflict: string; loaded: Loaded } | undefined>()
  const conflict = `${item.key}:${item.currentVersion ?? 0}`
  const loaded: Loaded = !history
    ? { state: 'unknown' }
    : read?.conflict === conflict
      ? read.loaded
      : { state: 'loading' }
  const [showDifferences, setShowDifferences] = useState(false)
  const label = contentKeyLabel(item.key)

  useEffect(() => {
    if (!history) return
    let live = true
    loadConflictDetails(store, history, item.key).then(
      (details) => {
        if (live) {
          setRead({
            conflict,
            loaded: details ? { state: 'loaded', details } : { state: 'unknown' },
          })
        }
      },
      () => {
        if (live) setRead({ conflict, loaded: { state: 'unknown' } })
      },
    )
    return () => {
      live = false
    }
  }, [store, history, item.key, conflict])

  const headline = conflictHeadline(label, loaded, useSignedInUserId())
  const reload = () => {
    onSetAside(item.id)
    void api.reload(item.id)
  }
  const overwrite = () => void api.overwrite(item.id)

  return (
    <section className="edit-conflict" aria-labelledby={titleId}>
      <div role="alert">
        <p>
          <strong id={titleId}>{`${headline}.`}</strong>
        </p>
        <p>
          Your change is not saved yet. Reload to take their version (yours stays on this device),
          or overwrite it with yours. Either way both versions stay in the history.
        </p>
      </div>
      <div className="edit-conflict__actions">
        <DifferencesDialog
          trigger={
            <button type="button" className="edit-chip" disabled={loaded.state === 'loading'}>
              Show differences
            </button>
          }
          open={showDifferences}
          onOpenChange={setShowDifferences}
          documentLabel={label}
          theirsDescription={headline.replace(/, after you started editing$/, '')}
          theirs={loaded.state === 'loaded' ? loaded.details.theirs : undefined}
          mine={item.value}
          onReload={reload}
          onOverwrite={overwrite}
        />
        <button type="button" className="edit-chip" onClick={reload}>
          Reload theirs
        </button>
        <button type="button" className="edit-chip" onClick={overwrite}>
          Overwrite with mine
        </button>
      </div>
    </section>
  )
}

/** A merge that left fields to choose, put off in the dialog: the way back to it. */
function FieldsToChoose({ item }: { item: PendingSave }) {
  const reopen = useReopenFieldConflict()
  const label = contentKeyLabel(item.key)
  const count = item.conflicts?.length ?? 0
  const saver = useSavedBy(item.key, item.currentVersion)
  const fields = count === 1 ? 'a field' : `${count} fields`
  return (
    <section className="edit-conflict" aria-label={`Fields of ${label} to choose`}>
      <p role="status">
        {saver.kind === 'self'
          ? `${otherSaverName(saver)}, changed ${fields} of ${label} that you changed here. Your change is not saved yet.`
          : `${otherSaverName(saver)} changed ${fields} of ${label} you changed. Your change is not saved yet.`}
      </p>
      {reopen && (
        <div className="edit-conflict__actions">
          <button type="button" className="edit-chip" onClick={() => reopen(item.id)}>
            Choose what to keep
          </button>
        </div>
      )}
    </section>
  )
}

/** A pending save this bar set aside by Reload: offered back until it is used or forgotten. */
function KeptPendingSave({
  item,
  api,
  onDone,
}: {
  item: PendingSave
  api: PendingSavesApi
  onDone(): void
}) {
  const label = contentKeyLabel(item.key)
  return (
    <section
      className="edit-conflict edit-conflict--kept"
      aria-label={`Your set-aside version of ${label}`}
    >
      <p role="status">
        {`The page shows their version of ${label} now. Yours is kept on this device.`}
      </p>
      <div className="edit-conflict__actions">
        <button
          type="button"
          className="edit-chip"
          onClick={() => {
            onDone()
            void api.overwrite(item.id)
          }}
        >
          Use mine after all
        </button>
        <button
          type="button"
          className="edit-chip"
          onClick={() => {
            onDone()
            api.discard(item.id)
          }}
        >
          Forget mine
        </button>
      </div>
    </section>
  )
}

/**
 * The edit bar's conflict notices: for each save someone else's newer version refused, who
 * saved and when, with Show differences (a dialog of what this pending save changes in theirs),
 * Reload and Overwrite. Nothing is lost either way: Overwrite stores the pending save as a new
 * version on top of theirs, and Reload sets the pending save aside on this device, offered back here
 * ("Use mine after all") until it is used or forgotten.
 *
 * @example
 * <div className="edit-bar">…<ConflictNotices /></div>
 */
export function ConflictNotices() {
  const pending = usePendingSaves()
  const [setAside, setSetAside] = useState<readonly string[]>([])
  const conflicts = pending.items.filter((item) => item.status === 'conflict')
  const kept = pending.items.filter(
    (item) => item.status === 'set-aside' && setAside.includes(item.id),
  )
  if (conflicts.length === 0 && kept.length === 0) return null
  const forget = (id: string) => setSetAside((ids) => ids.filter((other) => other !== id))
  return (
    <>
      <style href="club-edit-conflict" precedence="default">
        {CONFLICT_STYLES}
      </style>
      {conflicts.map((item) =>
        item.conflicts?.length ? (
          <FieldsToChoose key={item.id} item={item} />
        ) : (
          <ConflictNotice
            key={item.id}
            item={item}
            api={pending}
            onSetAside={(id) => setSetAside((ids) => [...ids, id])}
          />
        ),
      )}
      {kept.map((item) => (
        <KeptPendingSave key={item.id} item={item} api={pending} onDone={() => forget(item.id)} />
      ))}
    </>
  )
}
