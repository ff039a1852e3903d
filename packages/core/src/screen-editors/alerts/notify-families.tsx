import { useEffect, useId, useState } from 'react'

import { explainAlertVisibility } from '../../alerts/alert-visibility-reasons.ts'
import { alertPages, targetsTeamOrProgram } from '../../alerts/alert-visibility.ts'
import type { Alert } from '../../entities/alert.ts'
import type { AlertAudience, AlertAudienceLookup } from '../../forms/family-alerts-types.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { formatCount } from '../../entities/counts.ts'
import notifyCss from './notify-families.css?inline'

/**
 * Whether saving `alert` would announce it to families, as the database's trigger decides
 * (supabase/migrations/*_family_alerts_targeted.sql): a status alert, or one limited to a
 * team's or a program's page, live now, whose decision (status, title, message) is new or
 * differs from the stored one with its id, or that was not live before. Whether staff chose
 * "Don't notify" is not part of it: that is what they choose.
 */
export function announcesToFamilies(alert: Alert, stored: readonly Alert[], now: Date): boolean {
  const followed = alert.alert_category === 'status' || targetsTeamOrProgram(alert)
  if (!followed || !explainAlertVisibility(alert, { now }).visible) return false
  const before = stored.find((item) => item.id === alert.id)
  return (
    !before ||
    !before.isActive ||
    before.status_type !== alert.status_type ||
    before.title !== alert.title ||
    before.message !== alert.message
  )
}

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`

/** "This will notify 120 families by email and 97 devices by push (Big Train 12U)." */
export function audienceText(
  audience: AlertAudience,
  words: { verb: string; what: string } = { verb: 'Saving', what: 'this alert concerns' },
): string {
  if (audience.email === 0 && audience.push === 0)
    return `No family follows what ${words.what} yet: nobody will be notified.`
  const channels = [
    audience.email > 0 ? `${count(audience.email, 'family', 'families')} by email` : '',
    audience.push > 0 ? `${count(audience.push, 'device', 'devices')} by push` : '',
  ].filter(Boolean)
  const what = audience.everyone
    ? 'everyone who follows the club'
    : audience.names.length > 0
      ? audience.names.join(', ')
      : ''
  return `${words.verb} will notify ${channels.join(' and ')}${what ? ` (${what})` : ''}.`
}

type Counted =
  | { state: 'counting' }
  | { state: 'counted'; audience: AlertAudience }
  | { state: 'failed'; message: string }

/**
 * Before a status alert is published or changed (issue 33 §2): how many families it will
 * notify, counted by the alerts function for the pages it shows on, and a "Don't notify"
 * choice that the database's trigger honours (`notifyFamilies: false`).
 */
export function NotifyFamilies({
  alert,
  lookup,
  onChange,
}: {
  alert: Alert
  lookup: AlertAudienceLookup
  onChange(next: Alert): void
}) {
  return (
    <NotifyFamiliesChoice
      pages={alertPages(alert)}
      silent={alert.notifyFamilies === false}
      lookup={lookup}
      onSilentChange={(silent) => {
        const next: Alert = { ...alert }
        if (silent) next.notifyFamilies = false
        else delete next.notifyFamilies
        onChange(next)
      }}
    />
  )
}

/**
 * The count and the "Don't notify families" choice for whatever a save announces: `pages` say
 * whom it concerns as the function reads them (none: club-wide; `/fields#<id>`: one field).
 * `verb` starts the sentence ("Saving", "Publishing"); `what` names the thing in "No family
 * follows what … yet"; `silentText` is said when staff chose not to notify.
 */
export function NotifyFamiliesChoice({
  pages: given,
  silent,
  lookup,
  onSilentChange,
  verb = 'Saving',
  what = 'this alert concerns',
  silentText = 'Families will not be notified of this alert.',
}: {
  pages: readonly string[]
  silent: boolean
  lookup: AlertAudienceLookup
  onSilentChange(silent: boolean): void
  verb?: string
  what?: string
  silentText?: string
}) {
  const id = useId()
  const pages = given.join('\n')
  const [counted, setCounted] = useState<{ pages: string; result: Counted }>()

  useEffect(() => {
    if (silent) return
    let current = true
    // After a pause in typing or picking, so each page chosen does not ask again.
    const timer = setTimeout(() => {
      setCounted({ pages, result: { state: 'counting' } })
      void lookup(pages ? pages.split('\n') : []).then((answer) => {
        if (!current) return
        setCounted({
          pages,
          result: answer.ok
            ? { state: 'counted', audience: answer.value }
            : { state: 'failed', message: answer.message },
        })
      })
    }, 400)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [lookup, pages, silent])

  const result = counted?.pages === pages ? counted.result : { state: 'counting' as const }
  const text = silent
    ? silentText
    : result.state === 'counted'
      ? audienceText(result.audience, { verb, what })
      : result.state === 'failed'
        ? `${verb} will notify the families who follow what ${what}. They could not be counted just now: ${result.message}`
        : `${verb} will notify the families who follow what ${what}: counting them…`

  return (
    <div className="alerts-editor__notify" role="group" aria-labelledby={`${id}-text`}>
      <AdminStyle id="club-notify-families" css={notifyCss} />
      <p id={`${id}-text`} className="alerts-editor__notify-text" aria-live="polite">
        {text}
      </p>
      <label className="alerts-editor__notify-choice">
        <input
          type="checkbox"
          checked={silent}
          onChange={(event) => onSilentChange(event.target.checked)}
        />{' '}
        Don’t notify families
      </label>
    </div>
  )
}
