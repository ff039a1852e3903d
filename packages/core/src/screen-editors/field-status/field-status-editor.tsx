import { useEffect, useId, useRef, useState } from 'react'

import type { Alert } from '../../entities/alert.ts'
import type { Field, FieldsContent } from '../../entities/fields-content.ts'
import { readClock } from '../shared/clock.ts'
import type { Clock } from '../shared/clock.ts'
import { LeaveGuard, RestoreBanner } from '../shared/form-guards.tsx'
import { FormControlsStyle } from '../shared/form-controls.tsx'
import { SaveBar } from '../shared/save-bar.tsx'
import { useDocumentForm } from '../shared/use-document-form.ts'
import { applyFieldAlertPlan, planFieldAlerts } from './field-alert-plan.ts'
import type { FieldAlertPlan } from './field-alert-plan.ts'
import type { AlertAudienceLookup } from '../../forms/family-alerts-types.ts'
import { NotifyFamiliesChoice } from '../alerts/notify-families.tsx'
import type { RouteOption } from '../alerts/alert-routes.ts'
import { RetireDialog } from '../alerts/retire-dialog.tsx'
import { retire, statusRetirements } from '../alerts/status-retirement.ts'
import type { Retirement } from '../alerts/status-retirement.ts'
import { AlertOffer, endProblem } from './field-alert-offer.tsx'
import { FieldRow } from './field-row.tsx'
import {
  announces,
  cleanEdits,
  fieldPage,
  parseEdits,
  reasonProblem,
  same,
  toEdits,
} from './field-status-edits.ts'
import type { Edit, Edits } from './field-status-edits.ts'

import { AdminStyle } from '../../ui/admin-style.tsx'
import fieldStatusCss from './field-status-editor.css?inline'

/** Props of {@link FieldStatusEditor}. */
export type FieldStatusEditorProps = {
  /** The stored `fieldsContent` document; only its fields' status, reason and time are edited. */
  fieldsContent: FieldsContent
  /**
   * Called by Publish with the whole document: each changed field with its new status and
   * reason and `statusUpdatedAt` set to now, every other field as it was. A rejected promise
   * keeps the edits and shows "Could not publish field status."
   */
  /** `base`: the stored document the form started from, so a save merges with newer ones. */
  onSave(next: FieldsContent, base: FieldsContent): Promise<unknown> | void
  /** The stored alerts: a publish replaces the earlier status alerts of the fields it changes. */
  alerts: Alert[]
  /**
   * Called with the whole alerts list when, after publishing, the user posts the offered alert
   * or takes the out-of-date ones down; `base` is the list it was made from.
   */
  onSaveAlerts(next: Alert[], base: Alert[]): Promise<unknown> | void
  /** The current time: stamps the published fields and starts the offered alert. */
  now: Clock
  /** The pages an alert can show on, to name them in the retire question (see alertRoutes). */
  routes?: readonly RouteOption[] | undefined
  /** Counts the families the offered alert would notify, with "Don't notify" (the Alerts screen's). */
  audience?: AlertAudienceLookup | undefined
}

type Phase =
  | { kind: 'editing' }
  | {
      kind: 'offer'
      plan: FieldAlertPlan
      alert: Alert
      posting: boolean
      /** The fields whose followers the publish notified. */
      told: string[]
    }

/** The alerts a posted offer makes, waiting on the retire question. */
type Asking = { offer: Extract<Phase, { kind: 'offer' }>; next: Alert[]; retiring: Retirement[] }

/**
 * The staff editor of field status (the `fields` of `fieldsContent`): for each field, open,
 * closed or check back with a reason. One Publish saves the document with the changed fields
 * stamped with the current time, then offers a matching status alert (prefilled, editable)
 * that the user posts or skips. Pure: data in, callbacks out.
 *
 * @example
 * <FieldStatusEditor
 *   fieldsContent={fieldsContent}
 *   now={() => new Date()}
 *   onSave={(next) => store.save('fieldsContent', next)}
 *   alerts={alerts}
 *   onSaveAlerts={(next, base) => store.save('alerts', next, { base })}
 * />
 */
export function FieldStatusEditor({
  fieldsContent,
  alerts,
  onSave,
  onSaveAlerts,
  now,
  routes = [],
  audience,
}: FieldStatusEditorProps) {
  const headingId = useId()
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' })
  const [asking, setAsking] = useState<Asking | null>(null)
  const [notice, setNotice] = useState('')
  const [problem, setProblem] = useState('')
  // "Don't notify families" for the closures and reopenings of the next publish.
  const [silent, setSilent] = useState(false)
  const root = useRef<HTMLElement>(null)
  const focusNext = useRef<string | null>(null)
  const form = useDocumentForm<FieldsContent, Edits>({
    id: 'fieldsContent',
    stored: fieldsContent,
    toForm: toEdits,
    normalize: cleanEdits,
    parse: parseEdits,
    check: (values, base) => {
      const changedNow = base.fields.filter((field) => !same(field, values[field.id] ?? field))
      const found = changedNow.filter((field) => reasonProblem(field, values[field.id] ?? field))
      if (found.length > 0) return { ok: false, problems: found.length }
      const time = readClock(now)
      const stamped = new Map(
        changedNow.map((field) => {
          const { status, statusReason } = values[field.id] ?? field
          const next: Field = {
            ...field,
            status,
            statusReason: statusReason.trim(),
            statusUpdatedAt: time.toISOString(),
          }
          // Staff's choice holds for this publish only: a later one asks again.
          delete next.notifyFamilies
          if (silent && announces(field, { status, statusReason })) next.notifyFamilies = false
          return [field.id, next] as const
        }),
      )
      return {
        ok: true,
        value: { ...base, fields: base.fields.map((field) => stamped.get(field.id) ?? field) },
      }
    },
    save: async (next, _draft, base) => {
      // Only kept on this device (offline): not published, so nothing to post an alert about.
      if ((await onSave(next, base)) === 'kept') return 'kept'
      const published = next.fields.filter((field) =>
        changed.some((before) => before.id === field.id),
      )
      const plan = planFieldAlerts(
        published,
        alerts,
        new Date(published[0]?.statusUpdatedAt ?? readClock(now)),
        next.fields,
      )
      // The publish told the fields' followers already: the offered alert (club-wide) starts
      // silent, so that nobody is alarmed twice, unless staff choose to tell everyone.
      const told = !silent ? announcing.map((field) => field.name) : []
      setPhase({
        kind: 'offer',
        plan,
        alert: told.length > 0 ? { ...plan.offer, notifyFamilies: false } : plan.offer,
        told,
        posting: false,
      })
      setSilent(false)
    },
  })
  const { checked } = form
  const current = form.base
  const editOf = (field: Field): Edit => form.values[field.id] ?? field
  const changed = current.fields.filter((field) => !same(field, editOf(field)))
  const announcing = changed.filter((field) => announces(field, editOf(field)))
  const problems = new Map(
    changed.flatMap((field) => {
      const found = reasonProblem(field, editOf(field))
      return found ? [[field.id, found] as const] : []
    }),
  )

  useEffect(() => {
    const selector = focusNext.current
    focusNext.current = null
    if (selector) root.current?.querySelector<HTMLElement>(selector)?.focus()
  })

  const edit = (field: Field, patch: Partial<Edit>) => {
    form.edit((values) => {
      const before = values[field.id] ?? field
      // Reopening clears the reason: "Open — Rained out tonight" reads as a contradiction.
      const reopened = patch.status === 'open' && before.status !== 'open'
      return {
        ...values,
        [field.id]: { ...before, ...(reopened ? { statusReason: '' } : {}), ...patch },
      }
    })
    setNotice('')
    setProblem('')
  }

  const publish = async () => {
    if (form.status.kind === 'saving') return
    if (changed.length === 0) {
      setNotice('Nothing to publish: change a field’s status or reason first.')
      return
    }
    if (problems.size > 0) {
      setProblem(
        `Fix ${problems.size === 1 ? 'the problem' : `${problems.size} problems`} marked below before publishing.`,
      )
      focusNext.current = '[aria-invalid="true"]'
    } else setProblem('')
    const saved = await form.save()
    if (saved === 'kept') {
      setNotice(
        'Not published yet: the site could not be reached. The change is kept on this device and published when the connection is back (see “Changes not saved yet”). No alert can be posted until then.',
      )
      return
    }
    if (saved !== 'saved') return
    setNotice('Field status published.')
    focusNext.current = '.field-status-editor__offer h3'
  }

  /** Answers the offer: posts `alert` in place of the old ones, or only takes those down. */
  const answer = async (offer: Extract<Phase, { kind: 'offer' }>, alert?: Alert) => {
    if (alert && alert.title.trim() === '') {
      setProblem('Give the alert a title, or skip it.')
      focusNext.current = '.field-status-editor__offer [aria-invalid="true"]'
      return
    }
    if (alert && endProblem(alert, readClock(now))) {
      setProblem('Choose when the alert ends: a time after now.')
      focusNext.current = '.field-status-editor__offer [aria-invalid="true"]'
      return
    }
    const posted = alert && { ...alert, title: alert.title.trim(), message: alert.message.trim() }
    const next = applyFieldAlertPlan(alerts, offer.plan, posted)
    // The posted status is the newest decision: as in the alerts editor, the older statuses it
    // replaces are retired (turned off, kept in the list and the history) after asking.
    const retiring = posted ? statusRetirements(next, alerts, readClock(now)) : []
    if (retiring.length > 0) {
      setProblem('')
      setAsking({ offer, next, retiring })
      return
    }
    await store(offer, next, posted !== undefined)
  }

  /** Saves the alerts an answered offer makes, then says what was done. */
  const store = async (
    offer: Extract<Phase, { kind: 'offer' }>,
    next: Alert[],
    posted: boolean,
  ) => {
    setPhase({ ...offer, posting: true })
    setProblem('')
    try {
      await onSaveAlerts(next, alerts)
    } catch (error) {
      setPhase({ ...offer, posting: false })
      setProblem(
        `Could not ${posted ? 'post the alert' : 'take the alert down'}. ${errorText(error)}`.trim(),
      )
      return
    }
    setPhase({ kind: 'editing' })
    setNotice(
      posted
        ? 'Field status published and the alert posted.'
        : 'Field status published. The out-of-date alert was taken down.',
    )
    focusNext.current = 'h2'
  }

  const skip = () => {
    setPhase({ kind: 'editing' })
    setProblem('')
    setNotice('Field status published. No alert posted.')
    focusNext.current = 'h2'
  }

  return (
    <section className="editor field-status-editor" aria-labelledby={headingId} ref={root}>
      <AdminStyle id="club-field-status-editor" css={fieldStatusCss} />
      <FormControlsStyle />
      <h2 id={headingId} tabIndex={-1}>
        Field status
      </h2>
      <p className="field-status-editor__intro">
        Set each field’s status and say why. Publish updates the Facilities page; you can then post
        a matching alert.
      </p>
      <RestoreBanner form={form} what="field status" />
      <ul className="field-status-editor__list">
        {current.fields.map((field) => (
          <FieldRow
            key={field.id}
            field={field}
            edit={editOf(field)}
            changed={!same(field, editOf(field))}
            error={checked ? problems.get(field.id) : undefined}
            onChange={(patch) => edit(field, patch)}
          />
        ))}
      </ul>
      {audience && announcing.length > 0 && (
        <NotifyFamiliesChoice
          pages={announcing.map(fieldPage)}
          silent={silent}
          lookup={audience}
          onSilentChange={setSilent}
          verb="Publishing"
          what="these fields"
          silentText="Families will not be notified of this change."
        />
      )}
      {/* The dedicated editors' save bar: one line on a phone (issue #31). */}
      <SaveBar
        saveLabel={
          changed.length > 0
            ? `Publish ${changed.length} ${changed.length === 1 ? 'change' : 'changes'}`
            : 'Publish'
        }
        savingLabel="Publishing…"
        status={form.status}
        dirty={changed.length > 0}
        keptOnDevice={form.keptOnDevice}
        said={notice}
        problems={0}
        failure={
          form.status.kind === 'failed'
            ? `Could not publish field status. ${form.status.detail}`.trim()
            : problem
        }
        onSave={() => void publish()}
        onDiscard={form.discard}
      />
      <LeaveGuard form={form} what="field status" />
      <RetireDialog
        retiring={asking?.retiring ?? []}
        routes={routes}
        onAnswer={(retireThem) => {
          if (!asking) return
          setAsking(null)
          const { offer, next, retiring } = asking
          void store(offer, retireThem ? retire(next, retiring) : next, true)
        }}
        onCancel={() => setAsking(null)}
      />
      {phase.kind === 'offer' && (
        <AlertOffer
          plan={phase.plan}
          alert={phase.alert}
          told={phase.told}
          posting={phase.posting}
          onChange={(alert) => setPhase({ ...phase, alert })}
          titleError={
            problem !== '' && phase.alert.title.trim() === ''
              ? 'Give the alert a title.'
              : undefined
          }
          endError={problem !== '' ? endProblem(phase.alert, readClock(now)) : undefined}
          audience={audience}
          onPost={() => void answer(phase, phase.alert)}
          onTakeDown={() => void answer(phase)}
          onSkip={skip}
        />
      )}
    </section>
  )
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : ''
}
