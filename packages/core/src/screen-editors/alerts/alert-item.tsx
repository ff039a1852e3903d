import { useId } from 'react'

import { explainAlertVisibility } from '../../alerts/alert-visibility-reasons.ts'
import { endOfClubDay } from '../../club/status-day.ts'
import { ALERT_CATEGORIES, ALERT_TYPES, KNOWN_STATUS_TYPES } from '../../entities/alert.ts'
import type { Alert } from '../../entities/alert.ts'
import { fromClubInputValue, toClubInputValue } from '../shared/club-datetime.ts'
import { EditToggle, SelectField, SwitchField, TextField } from '../shared/form-controls.tsx'
import type { SelectOption } from '../shared/form-controls.tsx'
import { clubDateFieldBinder, textFieldBinder } from '../shared/text-field-binding.ts'
import type { RouteOption } from './alert-routes.ts'
import { PagePicker, whereItShows } from './page-picker.tsx'
import type { AlertErrors } from './alert-validation.ts'
import type { AlertAudienceLookup } from '../../forms/family-alerts-types.ts'
import { NotifyFamilies } from './notify-families.tsx'

const CATEGORY_LABELS: Record<Alert['alert_category'], string> = {
  status: 'Status (game day and fields)',
  general: 'General',
}

const TYPE_LABELS: Record<Alert['type'], string> = {
  weather: 'Weather',
  registration: 'Registration',
  urgent: 'Urgent',
}

/** `game-on` → `Game on`: how the alerts bar words a status type, in sentence case. */
function statusTypeLabel(statusType: string): string {
  const words = statusType.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function statusTypeOptions(current: string | null): SelectOption[] {
  const known: readonly string[] = KNOWN_STATUS_TYPES
  // A stored type the list does not know stays choosable, so opening an alert never changes it.
  const values = current && !known.includes(current) ? [...known, current] : known
  return values.map((value) => ({ value, label: statusTypeLabel(value) }))
}

/** How long a status alert runs: its day (the default), or until an end staff choose. */
type StatusRun = 'day' | 'until'

const RUN_OPTIONS: SelectOption[] = [
  { value: 'day', label: 'Today only (ends at midnight)' },
  { value: 'until', label: 'Several days, until the end below' },
]

/** The end of the club day `startDate` falls on, or `endDate` kept when the start is not a date. */
export function endOfStartDay(startDate: string, endDate: string): string {
  const start = Date.parse(startDate)
  return Number.isNaN(start) ? endDate : endOfClubDay(new Date(start)).toISOString()
}

/**
 * The changes that make a status alert run for its day only (`day`), or until its end
 * (`until`, an explicit end families are shown).
 */
export function statusRunPatch(alert: Alert, run: StatusRun): Partial<Alert> {
  return run === 'day'
    ? { explicitEnd: undefined, endDate: endOfStartDay(alert.startDate, alert.endDate) }
    : { explicitEnd: true }
}

/** The buttons of an alert the list moves focus back to after a change. */
export type AlertControl = 'edit' | 'up' | 'down'

/** "Move up" or "Move down", with the alert's name read after it. */
function MoveButton({
  direction,
  name,
  disabled,
  onMove,
}: {
  direction: 'up' | 'down'
  name: string
  disabled: boolean
  onMove(direction: 'up' | 'down'): void
}) {
  return (
    <button
      type="button"
      className="btn btn--outline btn--small"
      disabled={disabled}
      data-control={direction}
      onClick={() => onMove(direction)}
    >
      Move {direction}
      <span className="visually-hidden"> {name}</span>
    </button>
  )
}

/** Props of {@link AlertItem}. */
export type AlertItemProps = {
  alert: Alert
  routes: readonly RouteOption[]
  now: Date
  /** Problems to show; empty until the first attempt to save. */
  errors: AlertErrors
  expanded: boolean
  canMoveUp: boolean
  canMoveDown: boolean
  onToggle(): void
  onChange(next: Alert): void
  onMove(direction: 'up' | 'down'): void
  onDelete(): void
  /**
   * Set when saving this alert would announce it to families (a status decision new or
   * changed, live now): how to count them, for the line that says so and "Don't notify".
   */
  announce?: AlertAudienceLookup | undefined
}

/**
 * One alert of the alerts editor: what it is, whether it shows now and why not, its buttons
 * and, when expanded, its form. The list owns the values; this reports each change.
 *
 * @example
 * <AlertItem alert={alert} routes={routes} now={now} errors={{}} expanded canMoveUp={false}
 *   canMoveDown onToggle={toggle} onChange={replace} onMove={move} onDelete={askToDelete} />
 */
export function AlertItem({
  alert,
  routes,
  now,
  errors,
  expanded,
  canMoveUp,
  canMoveDown,
  onToggle,
  onChange,
  onMove,
  onDelete,
  announce,
}: AlertItemProps) {
  const formId = useId()
  const visibility = explainAlertVisibility(alert, { now })
  const name = alert.title.trim() || 'Untitled alert'
  const set = (patch: Partial<Alert>) => onChange({ ...alert, ...patch })
  const field = textFieldBinder(alert, errors, set)
  const dateField = clubDateFieldBinder(alert, errors, set)
  const hasErrors = Object.keys(errors).length > 0
  const isStatus = alert.alert_category === 'status'
  // A status is a decision for one day unless staff chose an end on purpose.
  const runsForItsDay = isStatus && alert.explicitEnd !== true

  return (
    <li className="editor-card alerts-editor__item" data-alert-id={alert.id}>
      <div className="alerts-editor__summary">
        <h4 className="alerts-editor__name">{name}</h4>
        <p className="alerts-editor__badges">
          <span className="badge">{TYPE_LABELS[alert.type]}</span>
          {alert.alert_category === 'status' && alert.status_type && (
            <span className="badge">{statusTypeLabel(alert.status_type)}</span>
          )}
          {alert.isPinned && <span className="badge">Pinned</span>}
          <span className="alerts-editor__where">{whereItShows(alert, routes)}</span>
        </p>
        <p
          className="alerts-editor__visibility"
          data-visible={visibility.visible ? 'true' : 'false'}
        >
          {visibility.visible ? 'Visible now' : `Not visible: ${visibility.reasons.join('; ')}`}
        </p>
        {hasErrors && !expanded && (
          <p className="alerts-editor__needs-fixing">Needs fixing before it can be saved.</p>
        )}
        {announce && <NotifyFamilies alert={alert} lookup={announce} onChange={onChange} />}
      </div>
      <div className="editor-actions alerts-editor__buttons">
        <EditToggle name={name} expanded={expanded} formId={formId} onToggle={onToggle} />
        <MoveButton direction="up" name={name} disabled={!canMoveUp} onMove={onMove} />
        <MoveButton direction="down" name={name} disabled={!canMoveDown} onMove={onMove} />
        <button type="button" className="btn btn--danger btn--small" onClick={onDelete}>
          Delete<span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {expanded && (
        <div className="alerts-editor__form" id={formId} role="group" aria-label={`Edit ${name}`}>
          {errors.alert && <p className="editor-field__error">{errors.alert}</p>}
          <TextField label="Title" required {...field('title')} />
          <TextField label="Message" multiline {...field('message')} />
          <div className="alerts-editor__row">
            <SelectField
              label="Category"
              value={alert.alert_category}
              options={ALERT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
              onChange={(value) => {
                const category = value as Alert['alert_category']
                set({
                  alert_category: category,
                  status_type: category === 'status' ? (alert.status_type ?? 'game-on') : null,
                  // A status runs for its day unless staff choose an end.
                  ...(category === 'status' && alert.alert_category !== 'status'
                    ? statusRunPatch(alert, 'day')
                    : {}),
                })
              }}
            />
            {alert.alert_category === 'status' && (
              <SelectField
                label="Status type"
                value={alert.status_type ?? ''}
                error={errors.status_type}
                options={statusTypeOptions(alert.status_type)}
                onChange={(status_type) => set({ status_type })}
              />
            )}
            <SelectField
              label="Type"
              hint="Sets the alert's colour and icon."
              value={alert.type}
              options={ALERT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
              onChange={(value) => set({ type: value as Alert['type'] })}
            />
          </div>
          <div className="alerts-editor__row">
            <TextField
              label="Starts (Eastern time)"
              type="datetime-local"
              value={toClubInputValue(alert.startDate)}
              error={errors.startDate}
              onChange={(value) => {
                const startDate = fromClubInputValue(value) ?? ''
                set({
                  startDate,
                  // Today only: it ends with the day it now starts on.
                  ...(runsForItsDay ? { endDate: endOfStartDay(startDate, alert.endDate) } : {}),
                })
              }}
            />
            {isStatus && (
              <SelectField
                label="Runs"
                hint={
                  runsForItsDay
                    ? 'A status is a decision for one day: it ends at midnight, Eastern time.'
                    : 'Families see when it ends.'
                }
                value={runsForItsDay ? 'day' : 'until'}
                options={RUN_OPTIONS}
                onChange={(value) => set(statusRunPatch(alert, value as StatusRun))}
              />
            )}
            {!runsForItsDay && <TextField label="Ends (Eastern time)" {...dateField('endDate')} />}
          </div>
          <div className="alerts-editor__row">
            <SwitchField
              label="Active"
              hint="Inactive alerts never show."
              checked={alert.isActive}
              onCheckedChange={(isActive) => set({ isActive })}
            />
            <SwitchField
              label="Pinned"
              hint={
                isStatus
                  ? 'Statuses show newest first, pinned or not: pinning orders general alerts.'
                  : 'Pinned alerts show before the other general alerts.'
              }
              checked={alert.isPinned}
              onCheckedChange={(isPinned) => set({ isPinned })}
            />
          </div>
          <div className="alerts-editor__row">
            <TextField
              label="Link"
              hint="Optional: a site path such as /fields#field-status, https://…, mailto: or tel:."
              {...field('link')}
            />
            <TextField
              label="Link text"
              hint="Shown as “Learn more” when left empty."
              {...field('linkText')}
            />
          </div>
          <PagePicker alert={alert} routes={routes} error={errors.targetPage} onChange={set} />
        </div>
      )}
    </li>
  )
}
