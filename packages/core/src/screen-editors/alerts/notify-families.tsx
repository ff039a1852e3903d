import { useEffect, useId, useState } from 'react'

import { explainAlertVisibility } from '../../alerts/alert-visibility-reasons.ts'
import { alertPages } from '../../alerts/alert-visibility.ts'
import type { Alert } from '../../entities/alert.ts'
import type { AlertAudience, AlertAudienceLookup } from '../../forms/family-alerts-types.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import notifyCss from './notify-families.css?inline'

/**
 * Whether saving `alert` would announce it to families, as the database's trigger decides
 * (supabase/migrations/*_family_alerts_preview.sql): a status alert, live now, whose decision
 * (status, title, message) is new or differs from the stored one with its id, or that was not
 * live before. Whether staff chose "Don't notify" is not part of it: that is what they choose.
 */
export function announcesToFamilies(alert: Alert, stored: readonly Alert[], now: Date): boolean {
  if (alert.alert_category !== 'status' || !explainAlertVisibility(alert, { now }).visible)
    return false
  const before = stored.find((item) => item.id === alert.id)
  return (
    !before ||
    !before.isActive ||
    before.status_type !== alert.status_type ||
    before.title !== alert.title ||
    before.message !== alert.message
  )
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** "This will notify 120 families by email and 97 devices by push (Big Train 12U)." */
export function audienceText(audience: AlertAudience): string {
  if (audience.email === 0 && audience.push === 0)
    return 'No family follows what this alert concerns yet: nobody will be notified.'
  const channels = [
    audience.email > 0 ? `${count(audience.email, 'family', 'families')} by email` : '',
    audience.push > 0 ? `${count(audience.push, 'device', 'devices')} by push` : '',
  ].filter(Boolean)
  const what = audience.everyone
    ? 'everyone who follows the club'
    : audience.names.length > 0
      ? audience.names.join(', ')
      : ''
  return `Saving will notify ${channels.join(' and ')}${what ? ` (${what})` : ''}.`
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
  const id = useId()
  const silent = alert.notifyFamilies === false
  const pages = alertPages(alert).join('\n')
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
    ? 'Families will not be notified of this alert.'
    : result.state === 'counted'
      ? audienceText(result.audience)
      : result.state === 'failed'
        ? `Saving will notify the families who follow what it concerns. They could not be counted just now: ${result.message}`
        : 'Saving will notify the families who follow what it concerns: counting them…'

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
          onChange={(event) => {
            const next: Alert = { ...alert }
            if (event.target.checked) next.notifyFamilies = false
            else delete next.notifyFamilies
            onChange(next)
          }}
        />{' '}
        Don’t notify families
      </label>
    </div>
  )
}
