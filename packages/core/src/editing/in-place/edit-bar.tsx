import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'

import {
  useCanSaveContent,
  usePendingSaves,
  useSaveState,
} from '../../content/content-provider.tsx'
import type { PendingSave, SaveState } from '../../content/store-types.ts'
import {
  refusedSaveReason,
  SAVED_FIRST_ELSEWHERE,
  saveErrorMessage,
  savedNotice,
} from '../../content/save-messages.ts'
import { publicPath } from '../../routing/admin-paths.ts'
import { ConflictNotices } from './conflict-notice.tsx'
import { EDITING_STYLES } from './editing-styles.ts'
import { HistoryLinks } from '../../history/history-links.tsx'
import { UndoControls } from './undo-controls.tsx'
import { useOnline } from './use-online.ts'
import { contentKeyLabel } from '../../history/content-key-label.ts'
import { Link } from '../../ui/link.tsx'

/** The widths the preview offers (spec: phone 390 px, tablet 768 px); desktop is the edit view. */
export const PREVIEW_WIDTHS = [
  { name: 'Phone', width: 390 },
  { name: 'Tablet', width: 768 },
] as const

type PreviewWidth = (typeof PREVIEW_WIDTHS)[number]['width']

/** What the edit bar says while the browser is offline and nothing is being saved. */
export const OFFLINE_TEXT = {
  title: 'Offline',
  detail: 'Your changes are kept on this device and saved when the connection is back.',
}

/**
 * What the status region says for a save state (spec §4 and §8). Offline, the idle state says
 * so instead of promising that changes save as you make them.
 */
export function saveStatusText(
  state: SaveState,
  online = true,
): { title: string; detail?: string } {
  switch (state.status) {
    case 'saving':
      return { title: 'Saving…' }
    case 'saved': {
      // A draft or a scheduled post says what it is, never that it is live.
      const notice = state.message ?? savedNotice()
      return { title: notice.title ?? '', detail: notice.description }
    }
    case 'error':
      return { title: 'Save Error', detail: saveErrorMessage(state.keys) }
    default:
      return online ? { title: 'Editing', detail: 'Changes save as you make them.' } : OFFLINE_TEXT
  }
}

/** Props of {@link EditBar}. */
export type EditBarProps = {
  /** The public page being edited; from the current /admin/edit/* address by default. */
  livePath?: string
  /**
   * Where the public site is published, when it is not this app's own origin (the desktop
   * app, whose window serves only the signed-in area): "View live page" and the preview
   * open the page there. Without it they open the path on this origin (the web app).
   */
  liveSiteUrl?: string
  /**
   * Where "Done" leads: the admin screen edit mode was opened from. Without it there is no
   * Done. Saves not stored yet are kept by the store and listed above every admin screen.
   */
  doneTo?: string
}

/**
 * The bar above the page in edit mode: the save state (saving for about 1.2 s, then "Content
 * Saved!" for 3 s, or the save error), undo and redo, this device's pending and failed saves
 * with Retry and Discard, the conflict notice (who saved first, with Show differences, Reload
 * and Overwrite), links to the history of what the page shows, a link to the live page, a
 * preview of the live page at phone and tablet widths, and Done, back to the admin screen edit
 * mode was opened from.
 *
 * @example
 * <EditingProvider><EditBar /><SiteLayout basePath={EDIT_PREFIX} /></EditingProvider>
 */
export function EditBar({ livePath, liveSiteUrl, doneTo }: EditBarProps) {
  const location = useLocation()
  const canSave = useCanSaveContent()
  const saveState = useSaveState()
  const pending = usePendingSaves()
  const [showPending, setShowPending] = useState(false)
  const [preview, setPreview] = useState<PreviewWidth | undefined>()
  // On a phone the bar keeps to one row: the rest is behind "More" (see EDITING_STYLES).
  const [more, setMore] = useState(false)
  const path = livePath ?? publicPath(location.pathname)
  const live = liveSiteUrl ? `${liveSiteUrl.replace(/\/+$/, '')}${path}` : path
  const online = useOnline()
  const id = useId()
  const status = saveStatusText(saveState, online)
  const unsaved = pending.items.filter((item) => item.status !== 'set-aside')
  const failed = unsaved.filter((item) => item.status !== 'pending').length

  return (
    <div className="edit-bar" role="region" aria-label="Edit bar">
      <style href="club-editing-ui" precedence="default">
        {EDITING_STYLES}
      </style>
      {/* Done and Undo come first, so that nothing before them changes size: a tap on Done while
          a field is being typed in commits the field (blur) between press and release, and the
          status and the "not saved yet" count that this changes must not move Done from under
          the finger (the tap would land elsewhere and do nothing). */}
      {doneTo !== undefined && (
        // Leaving a field commits it (blur), and the store keeps sending what is not stored
        // yet after edit mode is left, so Done loses nothing.
        <Link className="edit-chip edit-done" to={doneTo}>
          Done<span className="visually-hidden"> editing, back to the admin</span>
        </Link>
      )}
      {/* The scope is the edited page's path, as EditingArea gives EditingProvider. */}
      {canSave && <UndoControls scope={location.pathname} />}
      <div
        className="edit-bar__status"
        role="status"
        data-state={saveState.status}
        // "Changes save as you make them." goes without saying on a phone's one row.
        data-quiet={canSave && online && saveState.status === 'idle' ? '' : undefined}
      >
        {canSave ? (
          <>
            <strong>{status.title}</strong>
            {status.detail && <span>{status.detail}</span>}
          </>
        ) : (
          <strong>This account cannot edit the site.</strong>
        )}
      </div>
      {unsaved.length > 0 && (
        <button
          type="button"
          className="edit-chip"
          aria-expanded={showPending}
          onClick={() => setShowPending((open) => !open)}
        >
          {`${unsaved.length} not saved yet${failed > 0 ? ` (${failed} failed)` : ''}`}
        </button>
      )}
      <button
        type="button"
        className="edit-chip edit-bar__more"
        aria-expanded={more}
        aria-controls={`${id}-more`}
        onClick={() => setMore((open) => !open)}
      >
        More<span className="visually-hidden"> editing tools</span>
      </button>
      <div className="edit-bar__extras" id={`${id}-more`} data-open={more ? '' : undefined}>
        <div className="edit-bar__group" role="group" aria-label="Preview width">
          {PREVIEW_WIDTHS.map(({ name, width }) => (
            <button
              key={width}
              type="button"
              className="edit-chip"
              aria-pressed={preview === width}
              onClick={() => setPreview((current) => (current === width ? undefined : width))}
            >
              {`${name} ${width}`}
            </button>
          ))}
          <button
            type="button"
            className="edit-chip"
            aria-pressed={preview === undefined}
            onClick={() => setPreview(undefined)}
          >
            Desktop
          </button>
        </div>
        {canSave && <HistoryLinks key={location.pathname} />}
        <a href={live} target="_blank" rel="noopener noreferrer">
          View live page<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
      <ConflictNotices />
      {showPending && unsaved.length > 0 && <PendingList items={unsaved} api={pending} />}
      {preview !== undefined && (
        <LivePreview
          path={live}
          width={preview}
          saveStatus={saveState.status}
          onClose={() => setPreview(undefined)}
        />
      )}
    </div>
  )
}

function describeStatus(item: PendingSave): string {
  switch (item.status) {
    case 'conflict':
      return SAVED_FIRST_ELSEWHERE
    case 'failed':
      return `Failed. ${refusedSaveReason(item)}`
    default:
      return item.sending ? 'Sending…' : 'Waiting to be sent again.'
  }
}

function PendingList({
  items,
  api,
}: {
  items: readonly PendingSave[]
  api: ReturnType<typeof usePendingSaves>
}) {
  return (
    <section className="edit-bar__pending" aria-label="Changes not saved yet">
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <strong>{contentKeyLabel(item.key)}</strong> <span>{describeStatus(item)}</span>{' '}
            {item.status === 'conflict' ? (
              <>
                <button
                  type="button"
                  className="edit-chip"
                  onClick={() => void api.reload(item.id)}
                >
                  Reload theirs
                </button>
                <button
                  type="button"
                  className="edit-chip"
                  onClick={() => void api.overwrite(item.id)}
                >
                  Overwrite with mine
                </button>
              </>
            ) : (
              <button
                type="button"
                className="edit-chip"
                disabled={item.sending}
                onClick={() => void api.retryNow(item.id)}
              >
                Retry
              </button>
            )}
            <DiscardButton onDiscard={() => api.discard(item.id)} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Discarding loses the change: it asks once more in place. */
function DiscardButton({ onDiscard }: { onDiscard: () => void }) {
  const [confirming, setConfirming] = useState(false)
  if (!confirming) {
    return (
      <button type="button" className="edit-chip" onClick={() => setConfirming(true)}>
        Discard
      </button>
    )
  }
  return (
    <>
      <button type="button" className="edit-chip edit-chip--danger" onClick={onDiscard}>
        Discard this change?
      </button>
      <button type="button" className="edit-chip" onClick={() => setConfirming(false)}>
        Keep
      </button>
    </>
  )
}

/**
 * The live page in a frame of the chosen width, reloaded after each stored save. It shows
 * the public page rather than a second editing view: a second app in the frame would run
 * its own content store and send this device's pending saves a second time.
 */
function LivePreview({
  path,
  width,
  saveStatus,
  onClose,
}: {
  path: string
  width: number
  saveStatus: SaveState['status']
  onClose: () => void
}) {
  const [generation, setGeneration] = useState(0)
  const previous = useRef(saveStatus)
  useEffect(() => {
    if (saveStatus === 'saved' && previous.current !== 'saved') setGeneration((n) => n + 1)
    previous.current = saveStatus
  }, [saveStatus])
  return (
    <section className="edit-preview" aria-label={`Preview at ${width} px`}>
      <div className="edit-bar__group">
        <span>{`Live page at ${width} px (saved content)`}</span>
        <button type="button" className="edit-chip" onClick={() => setGeneration((n) => n + 1)}>
          Reload
        </button>
        <button type="button" className="edit-chip" onClick={onClose}>
          Close preview
        </button>
      </div>
      <iframe key={generation} title={`Live page at ${width} px`} src={path} width={width} />
    </section>
  )
}
