import { useId, useState } from 'react'

import { endOfClubDay } from '../../club/status-day.ts'
import { alertSchema } from '../../entities/alert.ts'
import type { Alert } from '../../entities/alert.ts'
import { uniqueId } from '../../entities/unique-id.ts'
import { readClock } from '../shared/clock.ts'
import type { Clock } from '../shared/clock.ts'
import { RestoreBanner } from '../shared/form-guards.tsx'
import { registrationClaimWarning } from '../../pages/program/registration.ts'
import { FormSaveBar } from '../shared/form-save-bar.tsx'
import { ConfirmDialog } from '../../ui/editor-dialog.tsx'
import { FormControlsStyle } from '../shared/form-controls.tsx'
import type { SaveStatusText } from '../shared/save-bar.tsx'
import { useDocumentForm } from '../shared/use-document-form.ts'
import { useFocusRequests } from '../shared/use-focus-requests.ts'
import { AlertItem } from './alert-item.tsx'
import type { AlertControl } from './alert-item.tsx'
import type { RouteOption } from './alert-routes.ts'
import { cleanAlert, validateAlert } from './alert-validation.ts'
import type { AlertErrors } from './alert-validation.ts'
import { retire, statusRetirements } from './status-retirement.ts'
import type { Retirement } from './status-retirement.ts'
import { RetireDialog } from './retire-dialog.tsx'

import { AdminStyle } from '../../ui/admin-style.tsx'
import alertsCss from './alerts-editor.css?inline'
import type { AlertAudienceLookup } from '../../forms/family-alerts-types.ts'
import { announcesToFamilies } from './notify-families.tsx'

/** Props of {@link AlertsEditor}. */
export type AlertsEditorProps = {
  /** The stored `alerts` document. A new one replaces the form unless the form has edits. */
  alerts: readonly Alert[]
  /**
   * Called with the whole edited document, cleaned and valid, when Save is pressed. A rejected
   * promise keeps the values and shows "Could not save Alerts."
   */
  /** `base`: the stored alerts the form started from, so a save merges with newer ones. */
  onSave(next: Alert[], base: readonly Alert[]): Promise<unknown> | void
  /** The pages an alert can be limited to (see `defaultAlertRoutes`). */
  routes: readonly RouteOption[]
  /** The current time: decides "Visible now" and where new alerts start. */
  now: Clock
  /** The store's save state while a save of `alerts` shows it (spec §4, §8). */
  saveStatus?: SaveStatusText | undefined
  /**
   * How many programs have no registration link (pages/program/registration.ts): an active
   * alert that says registration is open while some have none gets a warning.
   */
  programsWithoutRegistration?: number
  /**
   * Counts the families a status alert would notify (the family-alerts function, asked with
   * the staff member's session): with it, each alert that saving would announce says so, with
   * "Don't notify". Without it (no backend), nothing is said.
   */
  audience?: AlertAudienceLookup
}

type Category = Alert['alert_category']

const GROUPS: { category: Category; heading: string; noun: string; hint: string }[] = [
  {
    category: 'status',
    heading: 'Status alerts',
    noun: 'status alert',
    hint: 'Game-day and field status, shown first on the live-updates page.',
  },
  {
    category: 'general',
    heading: 'General alerts',
    noun: 'general alert',
    hint: 'Registration, weather policy and any other news.',
  },
]

const HOUR = 3_600_000

/**
 * Where focus goes after the next render: one of an alert's controls, its title, or a group
 * (the first problem a save found is useFocusRequests' own request).
 */
type FocusRequest = { alertId: string; control: AlertControl | 'title' } | { addButton: Category }

const alertsSchema = alertSchema.array()

/** Values kept on the device, if it is still a list of alerts. */
const parseAlerts = (raw: unknown): Alert[] | undefined => {
  const result = alertsSchema.safeParse(raw)
  return result.success ? result.data : undefined
}

function newAlert(category: Category, now: Date): Alert {
  // Starting on the minute keeps the datetime input showing exactly what is stored.
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000)
  // A game-day status is a decision for today: it ends with the club's day (staff may choose
  // an end of their own). Other news usually runs for a week.
  const end =
    category === 'status' ? endOfClubDay(start) : new Date(start.getTime() + 7 * 24 * HOUR)
  return {
    id: uniqueId('alert'),
    alert_category: category,
    status_type: category === 'status' ? 'game-on' : null,
    type: category === 'status' ? 'weather' : 'registration',
    title: '',
    message: '',
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
  }
}

/** The index of the next alert of the same category before or after `index`, if any. */
function neighbourIndex(values: readonly Alert[], index: number, step: -1 | 1): number | undefined {
  const category = values[index]?.alert_category
  for (let i = index + step; i >= 0 && i < values.length; i += step) {
    if (values[i]?.alert_category === category) return i
  }
  return undefined
}

function problems(values: readonly Alert[]): Map<string, AlertErrors> {
  const found = new Map<string, AlertErrors>()
  for (const alert of values) {
    const errors = validateAlert(cleanAlert(alert))
    if (Object.keys(errors).length > 0) found.set(alert.id, errors)
  }
  return found
}

function countProblems(found: Map<string, AlertErrors>): number {
  return [...found.values()].reduce((sum, errors) => sum + Object.keys(errors).length, 0)
}

/**
 * The staff editor of the `alerts` document (spec §3, §4): alerts grouped into status and
 * general, each with whether it is visible now and why not; add, edit, reorder within its
 * group, delete after confirming. Edits stay in values until Save, which checks every alert
 * and hands the whole cleaned document to `onSave`. Pure: data in, callbacks out.
 *
 * @example
 * <AlertsEditor
 *   alerts={alerts}
 *   routes={defaultAlertRoutes()}
 *   now={() => new Date()}
 *   onSave={(next) => store.save('alerts', next)}
 * />
 */
export function AlertsEditor({
  alerts,
  onSave,
  routes,
  now,
  saveStatus,
  programsWithoutRegistration = 0,
  audience,
}: AlertsEditorProps) {
  const headingId = useId()
  const form = useDocumentForm<readonly Alert[], Alert[]>({
    id: 'alerts',
    stored: alerts,
    toForm: (stored) => [...stored],
    normalize: (values) => values.map(cleanAlert),
    parse: parseAlerts,
    check: (values) => {
      const cleaned = values.map(cleanAlert)
      const invalid = problems(cleaned)
      return invalid.size > 0
        ? { ok: false, problems: countProblems(invalid) }
        : { ok: true, value: cleaned }
    },
    save: (next, _draft, base) => onSave([...next], base),
  })
  const { values, checked, edit } = form
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [deleting, setDeleting] = useState<Alert | null>(null)
  const [retiring, setRetiring] = useState<Retirement[]>([])
  const { root, focusAfterRender, focusAfterClose, onDialogClose } =
    useFocusRequests<FocusRequest>(focusRequested)

  const found = checked ? problems(values) : new Map<string, AlertErrors>()
  const time = readClock(now)

  const toggle = (id: string) => {
    const next = new Set(expanded)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setExpanded(next)
  }

  const move = (index: number, direction: 'up' | 'down') => {
    const target = neighbourIndex(values, index, direction === 'up' ? -1 : 1)
    const moving = values[index]
    const other = target === undefined ? undefined : values[target]
    if (target === undefined || !moving || !other) return
    const next = [...values]
    next[index] = other
    next[target] = moving
    focusAfterRender({ alertId: moving.id, control: direction })
    edit(next)
  }

  const add = (category: Category) => {
    const alert = newAlert(category, time)
    setExpanded(new Set(expanded).add(alert.id))
    focusAfterRender({ alertId: alert.id, control: 'title' })
    edit([...values, alert])
  }

  const confirmDelete = () => {
    if (!deleting) return
    const index = values.findIndex((alert) => alert.id === deleting.id)
    const after =
      neighbourIndex(values, index, 1) ?? neighbourIndex(values, index, -1) ?? Number.NaN
    const neighbour = values[after]
    focusAfterClose(
      neighbour
        ? { alertId: neighbour.id, control: 'edit' }
        : { addButton: deleting.alert_category },
    )
    edit(values.filter((alert) => alert.id !== deleting.id))
    setDeleting(null)
  }

  const registrationWarning = registrationClaimWarning(
    values.filter((alert) => alert.isActive).flatMap((alert) => [alert.title, alert.message]),
    programsWithoutRegistration,
  )

  const save = () => {
    const cleaned = values.map(cleanAlert)
    const invalid = problems(cleaned)
    if (invalid.size > 0) setExpanded(new Set([...expanded, ...invalid.keys()]))
    else {
      // A newer status replaces older ones for its pages: ask before turning those off.
      const replaced = statusRetirements(cleaned, form.base, time)
      if (replaced.length > 0) {
        setRetiring(replaced)
        return
      }
    }
    // Taken after the render that marks the problems, if there are any.
    focusAfterRender({ firstError: true })
    void form.save()
  }

  /** Answers the question: retire the older statuses (or keep them), then save. */
  const saveAfterAsking = (retireThem: boolean) => {
    if (retireThem) edit(retire(form.current(), retiring))
    setRetiring([])
    void form.save()
  }

  return (
    <section className="editor alerts-editor" aria-labelledby={headingId} ref={root}>
      <AdminStyle id="club-alerts-editor" css={alertsCss} />
      <FormControlsStyle />
      <h2 id={headingId}>Alerts</h2>
      <p className="alerts-editor__intro">
        Changes show on the site once you save. Times are Eastern time, as the site shows them.
      </p>
      {registrationWarning && (
        <p className="alerts-editor__warning" role="status">
          {registrationWarning}
        </p>
      )}
      <RestoreBanner form={form} what="the alerts" />
      {GROUPS.map((group) => {
        const members = values
          .map((alert, index) => ({ alert, index }))
          .filter(({ alert }) => alert.alert_category === group.category)
        return (
          <section
            key={group.category}
            className="alerts-editor__group"
            aria-labelledby={`${headingId}-${group.category}`}
          >
            <h3 id={`${headingId}-${group.category}`}>{group.heading}</h3>
            <p className="alerts-editor__hint">{group.hint}</p>
            {members.length === 0 ? (
              <p className="alerts-editor__empty">No {group.noun}s.</p>
            ) : (
              <ul className="alerts-editor__list">
                {members.map(({ alert, index }) => (
                  <AlertItem
                    key={alert.id}
                    alert={alert}
                    routes={routes}
                    now={time}
                    errors={found.get(alert.id) ?? {}}
                    expanded={expanded.has(alert.id)}
                    canMoveUp={neighbourIndex(values, index, -1) !== undefined}
                    canMoveDown={neighbourIndex(values, index, 1) !== undefined}
                    onToggle={() => toggle(alert.id)}
                    onChange={(next) => edit(values.map((a) => (a.id === alert.id ? next : a)))}
                    onMove={(direction) => move(index, direction)}
                    onDelete={() => setDeleting(alert)}
                    announce={
                      audience && announcesToFamilies(alert, alerts, time) ? audience : undefined
                    }
                  />
                ))}
              </ul>
            )}
            <button
              type="button"
              className="btn btn--outline"
              data-add={group.category}
              onClick={() => add(group.category)}
            >
              Add {group.noun}
            </button>
          </section>
        )
      })}
      <FormSaveBar
        form={form}
        saveLabel="Save alerts"
        saveStatus={saveStatus}
        savedTo={['alerts']}
        onSave={save}
        what="the alerts"
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.title.trim() || 'Untitled alert'}”?`}
        description="It leaves the site when you save the alerts. Until then, Discard changes brings it back."
        confirmLabel="Delete alert"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        onCloseAutoFocus={onDialogClose}
      />
      <RetireDialog
        retiring={retiring}
        routes={routes}
        onAnswer={saveAfterAsking}
        onCancel={() => setRetiring([])}
      />
    </section>
  )
}

function focusRequested(root: HTMLElement | null, request: FocusRequest): void {
  if (!root) return
  if ('addButton' in request) {
    root.querySelector<HTMLElement>(`[data-add="${request.addButton}"]`)?.focus()
    return
  }
  const item = [...root.querySelectorAll<HTMLElement>('[data-alert-id]')].find(
    (element) => element.dataset.alertId === request.alertId,
  )
  if (request.control === 'title') {
    // The title is the first control of an alert's form.
    item?.querySelector<HTMLElement>('.alerts-editor__form input')?.focus()
    return
  }
  const wanted = item?.querySelector<HTMLButtonElement>(`[data-control="${request.control}"]`)
  // At the end of its group the button pressed is disabled; its partner is the next best place.
  const partner = request.control === 'up' ? 'down' : request.control === 'down' ? 'up' : 'edit'
  const target =
    wanted && !wanted.disabled
      ? wanted
      : item?.querySelector<HTMLButtonElement>(`[data-control="${partner}"]`)
  target?.focus()
}
