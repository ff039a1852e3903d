import { useId, useState } from 'react'

import type { NewsDraft } from '../../entities/news-post.ts'
import { ConfirmDialog } from '../../ui/editor-dialog.tsx'
import { TextField } from '../shared/form-controls.tsx'
import { toClubInputValue } from '../shared/club-datetime.ts'
import { articlePath } from './news-slug.ts'
import { checkScheduleInput, stateLabel } from './news-schedule.ts'
import type { NewsPostState } from './news-schedule.ts'

/** What the panel asks the editor to do; each saves what is typed first. */
export type PublishingAction =
  { kind: 'draft' } | { kind: 'publish' } | { kind: 'schedule'; at: string } | { kind: 'unpublish' }

/** Props of {@link NewsPublishingPanel}. */
export type NewsPublishingPanelProps = {
  /** The stored post (a scheduled one carries its `publishAt`). */
  post: NewsDraft
  /** Where it stands; `new` until it is first saved. */
  state: NewsPostState | 'new'
  /** Whether an action is under way (the buttons wait). */
  busy: boolean
  /** What the last action did, in words (a polite status). */
  done: string
  /** Why the last action failed (an alert). */
  problem: string
  /** The clock, for the schedule's check. */
  now(): Date
  /**
   * Whether this device holds a change to the post that is not stored yet (offline, refused):
   * `post` when nothing of it is stored, `changes` when an earlier version is.
   */
  unsent?: Unsent | undefined
  onAction(action: PublishingAction): void
}

/** What of a post only this device holds (see {@link NewsPublishingPanelProps.unsent}). */
export type Unsent = 'post' | 'changes'

/** A button of the panel: the action it asks for, in the club's words. */
type Move = { kind: 'publish' | 'draft' | 'unpublish'; label: string; primary?: boolean }

/** The buttons that move a post on from `state`, in order (scheduling has its own field). */
function publishingMoves(state: NewsPostState | 'new'): Move[] {
  if (state === 'published') return [{ kind: 'unpublish', label: 'Unpublish' }]
  const moves: Move[] = []
  if (state !== 'new') moves.push({ kind: 'publish', label: 'Publish now', primary: true })
  if (state !== 'draft') {
    const label = state === 'scheduled' ? 'Unschedule (keep as a draft)' : 'Save as draft'
    moves.push({ kind: 'draft', label })
  }
  return moves
}

const keptHere = (what: 'it' | 'they') =>
  `kept on this device until ${what} can be sent (see the saves listed above)`

/**
 * Where a news post stands and how it moves: published posts can be taken off the site
 * (Unpublish); new posts and drafts can be saved as a draft, published now or scheduled for a
 * time in club time; a scheduled post can be moved or made a draft again. Nothing unpublished
 * is ever in the public document: the database moves posts at their time.
 *
 * @example
 * <NewsPublishingPanel post={post} state="draft" busy={false} done="" problem=""
 *   now={() => new Date()} onAction={run} />
 */
export function NewsPublishingPanel({
  post,
  state,
  busy,
  done,
  problem,
  now,
  unsent,
  onAction,
}: NewsPublishingPanelProps) {
  const headingId = useId()
  const [time, setTime] = useState(() => (post.publishAt ? toClubInputValue(post.publishAt) : ''))
  const [timeError, setTimeError] = useState<string | undefined>()
  const [unpublishing, setUnpublishing] = useState(false)

  // A post only this device holds is never called published (or saved) as if it were stored.
  const where =
    state === 'new'
      ? 'Not saved yet. Publish it now, save it as a draft to finish later, or schedule it.'
      : unsent === 'post'
        ? state === 'published'
          ? `Not on the site yet: it is ${keptHere('it')}.`
          : `${stateLabel({ post, state })}, not saved yet: it is ${keptHere('it')}.`
        : (state === 'published'
            ? `${stateLabel({ post, state })}: on the site at ${articlePath(post.slug)}.`
            : `${stateLabel({ post, state })}. Only staff can see it until it is published.`) +
          (unsent === 'changes' ? ` Its latest changes are ${keptHere('they')}.` : '')

  const schedule = () => {
    const checked = checkScheduleInput(time, now())
    if (!checked.ok) {
      setTimeError(checked.message)
      return
    }
    setTimeError(undefined)
    onAction({ kind: 'schedule', at: checked.at })
  }

  const moves = publishingMoves(state)
  // Unpublishing takes the post off the site: it asks first.
  const ask = (kind: Move['kind']) =>
    kind === 'unpublish' ? setUnpublishing(true) : onAction({ kind })

  return (
    <section
      className="news-editor__group news-editor__publishing"
      aria-labelledby={headingId}
      data-post-state={state}
    >
      <h3 id={headingId}>Publishing</h3>
      <p className="news-editor__state">{where}</p>
      <div className="editor-actions">
        {moves.map((move) => (
          <button
            key={move.kind}
            type="button"
            className={move.primary ? 'btn btn--primary' : 'btn btn--outline'}
            disabled={busy}
            onClick={() => ask(move.kind)}
          >
            {move.label}
          </button>
        ))}
      </div>
      {state !== 'published' && (
        <div className="news-editor__schedule">
          <TextField
            label="Publish at"
            hint="Club time (Eastern). The post appears on the site by itself at that time."
            type="datetime-local"
            value={time}
            error={timeError}
            onChange={(value) => {
              setTime(value)
              setTimeError(undefined)
            }}
          />
          <button type="button" className="btn btn--outline" disabled={busy} onClick={schedule}>
            {state === 'scheduled' ? 'Change the time' : 'Schedule'}
          </button>
        </div>
      )}
      <p className="news-editor__publishing-done" role="status">
        {done}
      </p>
      <div className="news-editor__publishing-problem" role="alert">
        {problem}
      </div>
      <ConfirmDialog
        open={unpublishing}
        title={`Unpublish “${post.title || 'Untitled post'}”?`}
        description="It leaves the site and its address stops working until it is published again. It stays here as a draft."
        confirmLabel="Unpublish"
        onConfirm={() => {
          setUnpublishing(false)
          onAction({ kind: 'unpublish' })
        }}
        onCancel={() => setUnpublishing(false)}
      />
    </section>
  )
}
