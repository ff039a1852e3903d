import { AdminStyle } from '../../ui/admin-style.tsx'
import saveBarCss from './save-bar.css?inline'

/** What the store's save indicator says (`saveStatusText` of the edit bar), e.g. "Content Saved!". */
export type SaveStatusText = { title: string; detail?: string | undefined }

/** Where an editor's own save stands. */
export type SaveBarStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** Not stored yet: kept on this device and listed with the pending saves (offline). */
  | { kind: 'kept' }
  | { kind: 'failed'; detail: string }
  | { kind: 'invalid'; count: number }

/** Props of {@link SaveBar}. */
export type SaveBarProps = {
  /** The save button's words, naming what is saved: "Save About page". */
  saveLabel: string
  /** The button's words while saving; "Saving…" by default. */
  savingLabel?: string | undefined
  status: SaveBarStatus
  /** The values differs from what is stored. */
  dirty: boolean
  /** The values are kept on this device as it is typed (useDocumentForm), so say so. */
  keptOnDevice?: boolean | undefined
  /** The store's save state while it shows this editor's document. */
  saveStatus?: SaveStatusText | undefined
  /** Problems still marked in the editor (0 until a save was refused for them). */
  problems: number
  /** Why the last save failed, in the spec's words, or what no field explains. */
  failure?: string | undefined
  /**
   * What the screen says of its own save in place of the state line, when it says something
   * ("Field status published.").
   */
  said?: string | undefined
  onSave(): void
  onDiscard(): void
}

/** What a form screen says when its save is only kept on the device. */
export const KEPT_TEXT =
  'Not saved yet: kept on this device and sent when the connection is back (see “Changes not saved yet”).'

function stateLine({ status, dirty, saveStatus, keptOnDevice, said }: SaveBarProps) {
  if (status.kind === 'saving') return <strong>Saving…</strong>
  if (said) return said
  if (status.kind === 'kept' && !dirty) return <strong>{KEPT_TEXT}</strong>
  if (saveStatus && !dirty) {
    return (
      <>
        <strong>{saveStatus.title}</strong>{' '}
        <span className="editor-save-bar__detail">{saveStatus.detail}</span>
      </>
    )
  }
  if (dirty) {
    return keptOnDevice ? (
      <>
        Unsaved changes.{' '}
        <span className="editor-save-bar__kept">Kept on this device until you save.</span>
      </>
    ) : (
      'Unsaved changes.'
    )
  }
  if (status.kind === 'saved') return 'All changes saved.'
  return ''
}

/**
 * The bar at the foot of a dedicated editor, kept in view (sticky) however long the form:
 * Save (words naming what is saved), Discard
 * changes while there are any, and where the save stands: "Saving…", then the store's
 * "Content Saved!" / "Your changes are now live across the site." (spec §4, §8), or the
 * problems to fix first. The state is a polite live region; problems and failures an alert.
 *
 * @example
 * <SaveBar saveLabel="Save About page" status={status} dirty={dirty} problems={0}
 *   onSave={save} onDiscard={discard} />
 */
export function SaveBar(props: SaveBarProps) {
  const { saveLabel, savingLabel = 'Saving…', status, dirty, problems, failure } = props
  const { onSave, onDiscard } = props
  const saving = status.kind === 'saving'
  return (
    <>
      <AdminStyle id="club-editor-save-bar" css={saveBarCss} />
      <div className="editor-actions editor-foot-bar editor-save-bar">
        <button
          type="button"
          className="btn btn--primary"
          aria-disabled={saving ? true : undefined}
          onClick={() => (saving ? undefined : onSave())}
        >
          {saving ? savingLabel : saveLabel}
        </button>
        {dirty && !saving && (
          <button type="button" className="btn btn--outline" onClick={onDiscard}>
            {/* One flex item (the button spaces its items apart); "changes" is left out of
                sight on a phone, not out of the name. */}
            <span>
              Discard <span className="editor-save-bar__long">changes</span>
            </span>
          </button>
        )}
        <p className="editor-save-bar__state" role="status">
          {stateLine(props)}
        </p>
        {/* Kept in the bar while empty: a live region added late is often not announced. */}
        <div className="editor-save-bar__problems" role="alert">
          {status.kind === 'invalid' && problems > 0
            ? `Fix ${problems === 1 ? 'the problem' : `${problems} problems`} marked above before saving.`
            : (failure ?? '')}
        </div>
      </div>
    </>
  )
}
