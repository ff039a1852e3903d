import { useId, useState } from 'react'

import type { Alert } from '../../entities/alert.ts'
import { formatClubDateTime } from '../../club/club-time.ts'
import type { AlertAudienceLookup } from '../../forms/family-alerts-types.ts'
import { NotifyFamilies } from '../alerts/notify-families.tsx'
import { fromClubInputValue, toClubInputValue } from '../shared/club-datetime.ts'
import { TextField } from '../shared/form-controls.tsx'
import { takesDown } from './field-alert-plan.ts'
import type { FieldAlertPlan } from './field-alert-plan.ts'
import { alertRunning } from './field-status-alert.ts'
import type { AlertRun } from './field-status-alert.ts'

/*
 * What the field status editor offers after a publish: a matching status alert to post (its
 * words and how long it shows editable), or the out-of-date alerts to take down.
 */

/** Why the offered alert's end cannot be used (not a time, or not after now), if it cannot. */
export function endProblem(alert: Alert, now: Date): string | undefined {
  const end = Date.parse(alert.endDate)
  if (Number.isNaN(end)) return 'Choose a date and time.'
  if (end <= Math.max(now.getTime(), Date.parse(alert.startDate))) {
    return 'Choose a time after now.'
  }
  return undefined
}

const RUN_LABELS: Record<AlertRun, string> = {
  tonight: 'Tonight (until midnight)',
  tomorrow: 'Tomorrow (until midnight)',
  chosen: 'Until a time I choose',
}

/** How far the alert runs, in the offer's words: "tonight (December 6, 2026, 11:59 PM)". */
function untilWords(alert: Alert, run: AlertRun): string {
  const end = formatClubDateTime(alert.endDate)
  if (run === 'tonight') return `tonight (${end})`
  if (run === 'tomorrow') return `tomorrow night (${end})`
  return end
}

/** `A`, `A and B`, `A, B and C`. */
function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

const quoted = (alerts: readonly Alert[]) => alerts.map((alert) => `“${alert.title}”`).join(', ')

/** The offer after a publish: post the prefilled status alert, take the old ones down, or skip. */
export function AlertOffer({
  plan,
  alert,
  told,
  posting,
  titleError,
  endError,
  audience,
  onChange,
  onPost,
  onTakeDown,
  onSkip,
}: {
  plan: FieldAlertPlan
  alert: Alert
  told: string[]
  posting: boolean
  titleError: string | undefined
  endError: string | undefined
  audience: AlertAudienceLookup | undefined
  onChange(alert: Alert): void
  onPost(): void
  onTakeDown(): void
  onSkip(): void
}) {
  const headingId = useId()
  const runId = useId()
  // To the end of today at the club unless the user chooses longer (a status is for its day).
  const [run, setRun] = useState<AlertRun>('tonight')
  const [chosenEnd, setChosenEnd] = useState('')
  const takeDown = takesDown(plan)
  // A reopening mostly needs the closure alert gone; posting "… is open" is the second choice.
  const takeDownFirst = plan.reopening && plan.retire.length > 0
  const retireCount = plan.retire.length
  const postButton = (
    <button
      type="button"
      className={`btn ${takeDownFirst ? 'btn--outline' : 'btn--primary'}`}
      aria-disabled={posting ? true : undefined}
      onClick={posting ? undefined : onPost}
    >
      {posting ? 'Saving…' : takeDownFirst ? 'Post this alert in its place' : 'Post alert'}
    </button>
  )
  const otherButton = takeDown ? (
    <button
      type="button"
      className={`btn ${takeDownFirst ? 'btn--primary' : 'btn--outline'}`}
      aria-disabled={posting ? true : undefined}
      onClick={posting ? undefined : onTakeDown}
    >
      {takeDownFirst
        ? retireCount === 1
          ? 'Take down the alert'
          : `Take down the ${retireCount} alerts`
        : 'Don’t post; take down the old alert'}
    </button>
  ) : (
    <button type="button" className="btn btn--outline" onClick={onSkip} disabled={posting}>
      Skip
    </button>
  )
  return (
    <section className="field-status-editor__offer" aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        {takeDownFirst
          ? retireCount === 1
            ? 'Take down the closure alert?'
            : 'Take down the closure alerts?'
          : 'Post a matching status alert?'}
      </h3>
      {retireCount > 0 && (
        <p className="field-status-editor__retire">
          {retireCount === 1 ? 'The alert ' : 'The alerts '}
          {quoted(plan.retire)} no longer {retireCount === 1 ? 'matches' : 'match'} the field
          status: {retireCount === 1 ? 'it comes' : 'they come'} down either way.
        </p>
      )}
      {plan.gamesOn.length > 0 && (
        <p className="field-status-editor__retire">
          {quoted(plan.gamesOn)} {plan.gamesOn.length === 1 ? 'is' : 'are'} replaced by the new
          alert, or unpinned if you don’t post one.
        </p>
      )}
      <p>
        {takeDownFirst ? 'Or post an alert in its place: a' : 'A'} pinned status alert (
        {alert.status_type?.replace(/-/g, ' ')}) linking to the field status, shown on every page
        until {untilWords(alert, run)}. Change its words or how long it shows if you like.
      </p>
      {told.length > 0 && (
        <p className="field-status-editor__told">
          The families who follow {nameList(told)} were notified when you published. This alert
          notifies nobody unless you untick “Don’t notify families”.
        </p>
      )}
      {audience && <NotifyFamilies alert={alert} lookup={audience} onChange={onChange} />}
      <fieldset className="field-status-editor__run">
        <legend className="editor-field__label">Show it until</legend>
        {(['tonight', 'tomorrow', 'chosen'] as const).map((choice) => (
          <label key={choice} className="field-status-editor__choice">
            <input
              type="radio"
              name={`${runId}-run`}
              value={choice}
              checked={run === choice}
              onChange={() => {
                // A chosen time starts from the end shown now, so the field is never empty.
                const chosen = chosenEnd || toClubInputValue(alert.endDate)
                setRun(choice)
                setChosenEnd(chosen)
                onChange(alertRunning(alert, choice, fromClubInputValue(chosen) ?? ''))
              }}
            />
            {RUN_LABELS[choice]}
          </label>
        ))}
        {run === 'chosen' && (
          <TextField
            label="Ends (Eastern time)"
            type="datetime-local"
            value={chosenEnd}
            error={endError}
            onChange={(value) => {
              setChosenEnd(value)
              onChange(alertRunning(alert, 'chosen', fromClubInputValue(value) ?? ''))
            }}
          />
        )}
      </fieldset>
      <TextField
        label="Alert title"
        value={alert.title}
        error={titleError}
        onChange={(title) => onChange({ ...alert, title })}
      />
      <TextField
        label="Alert message"
        multiline
        value={alert.message}
        onChange={(message) => onChange({ ...alert, message })}
      />
      <div className="editor-actions">
        {takeDownFirst ? (
          <>
            {otherButton}
            {postButton}
          </>
        ) : (
          <>
            {postButton}
            {otherButton}
          </>
        )}
      </div>
    </section>
  )
}
