import { Link } from '../../ui/link.tsx'
import { FAR_FROM_NOW_MS, postedAt } from '../../alerts/alert-posted.ts'
import { effectiveEnd, visibleAlerts } from '../../alerts/alert-visibility.ts'
import type { AlertWindow } from '../../alerts/alert-visibility.ts'
import { WEATHER_POLICY } from '../../club/club-facts.ts'
import { EditableRegion, EditableText } from '../../editing/editable.tsx'
import type { Alert } from '../../entities/alert.ts'
import type { Field } from '../../entities/fields-content.ts'
import { FIELD_STATUS_LABELS } from '../fields/field-status.ts'
import { formatClubDateTime } from '../../club/club-time.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { HeldUntilFresh } from '../shared/held-until-fresh.tsx'
import './live-updates-page.css'
import { paths } from '../../routing/public-paths.ts'

const CONTENT_KEY = 'alerts'
// The page lists what is live even if the visitor dismissed it from the alerts bar.
const NONE_DISMISSED: ReadonlySet<string> = new Set()
// Window edges this far from now are placeholders ("always"), not dates worth printing.
const FAR_MS = FAR_FROM_NOW_MS

/** Props of {@link LiveUpdatesPage}. */
export type LiveUpdatesPageProps = {
  /** `alerts`, in stored order. */
  alerts: readonly Alert[]
  /** The fields of `fieldsContent`: the ones not open are updates too. */
  fields?: readonly Field[]
  /** The moment the page is rendered for: decides which alerts are live. */
  now: Date
  /** When league cancellations are posted, for the empty state; the club's constant by default. */
  leagueCancellationsBy?: string
  /** The updates may be older than the stored ones (before the content reads answer). */
  held?: boolean
  /** The content read failed: the updates may be out of date. */
  stale?: boolean
}

/** An alert that is live, with its position in the stored `alerts` array (where edits go). */
export type LiveAlert = {
  alert: Alert
  index: number
  /** When it was posted (its start), or null when the start is a placeholder far in the past. */
  postedAt: string | null
}

/** A field that is closed or to be checked, with its position in `fieldsContent.fields`. */
export type FieldUpdate = { field: Field; index: number; postedAt: string | null }

/** One entry of the "Latest updates" list. */
export type LiveUpdate = ({ kind: 'alert' } & LiveAlert) | ({ kind: 'field' } & FieldUpdate)

/** Newest first; entries without a time go last, in their stored order. */
function newestFirst<T extends { postedAt: string | null }>(entries: T[]): T[] {
  const time = (entry: T) => (entry.postedAt === null ? -Infinity : Date.parse(entry.postedAt))
  // Array.prototype.sort is stable: equal times keep their stored order.
  return [...entries].sort((a, b) => time(b) - time(a))
}

export { postedAt }

/**
 * The alerts live at `now`, newest first. A page target does not hide an alert here: this
 * page is where every live update is gathered.
 */
export function liveAlerts(alerts: readonly Alert[], now: Date): LiveAlert[] {
  // Ids are unique within the document (the schema enforces it).
  const indexById = new Map(alerts.map((alert, index) => [alert.id, index]))
  const untargeted = alerts.map((alert) => ({
    ...alert,
    targetPage: undefined,
    morePages: undefined,
  }))
  const shown = visibleAlerts(untargeted, {
    now,
    pathname: paths.liveUpdates(),
    dismissed: NONE_DISMISSED,
  })
  return newestFirst(
    shown.flatMap(({ id }) => {
      const index = indexById.get(id)
      const alert = index === undefined ? undefined : alerts[index]
      return alert && index !== undefined ? [{ alert, index, postedAt: postedAt(alert, now) }] : []
    }),
  )
}

/** Fields that are closed or to be checked (open is the normal case), newest first. */
export function fieldUpdates(fields: readonly Field[]): FieldUpdate[] {
  return newestFirst(
    fields.flatMap((field, index) =>
      field.status === 'open' ? [] : [{ field, index, postedAt: field.statusUpdatedAt }],
    ),
  )
}

/**
 * The page's two lists: game-day status (status alerts) and the latest updates (every other
 * live alert, and the fields that are not open), each newest first.
 */
export function liveUpdates(
  alerts: readonly Alert[],
  fields: readonly Field[],
  now: Date,
): { status: LiveAlert[]; updates: LiveUpdate[] } {
  const live = liveAlerts(alerts, now)
  return {
    status: live.filter(({ alert }) => alert.alert_category === 'status'),
    updates: newestFirst<LiveUpdate>([
      ...live
        .filter(({ alert }) => alert.alert_category !== 'status')
        .map((entry) => ({ kind: 'alert' as const, ...entry })),
      ...fieldUpdates(fields).map((entry) => ({ kind: 'field' as const, ...entry })),
    ]),
  }
}

/** The status badge's words: `game-on` → `GAME ON`. */
export function statusLabel(statusType: string | null): string {
  if (!statusType) return 'STATUS'
  return statusType.replace(/-/g, ' ').toUpperCase()
}

function statusTone(statusType: string | null): 'on' | 'off' | 'delayed' | 'other' {
  if (statusType === 'game-on') return 'on'
  if (statusType === 'game-off' || statusType === 'cancelled' || statusType === 'canceled')
    return 'off'
  if (statusType === 'delayed' || statusType === 'postponed') return 'delayed'
  return 'other'
}

const TONE_SYMBOL = { on: '✓', off: '✕', delayed: '⏱', other: '•' } as const

/**
 * When the alert stops showing, if that is a real date rather than a far-off placeholder (a
 * status alert without an explicit end stops with its day).
 */
export function endText(alert: AlertWindow, now: Date): string | null {
  const until = effectiveEnd(alert)
  const end = until === undefined ? Number.NaN : Date.parse(until)
  if (until === undefined || Number.isNaN(end) || end - now.getTime() > FAR_MS) return null
  return `Until ${formatClubDateTime(until)}`
}

function Posted({ at }: { at: string | null }) {
  if (at === null) return <span className="live-update__posted">Posted earlier</span>
  return (
    <span className="live-update__posted">
      Posted <time dateTime={at}>{formatClubDateTime(at)}</time>
    </span>
  )
}

function When({ at, until }: { at: string | null; until?: string | null }) {
  return (
    <p className="live-update__when">
      <Posted at={at} />
      {until ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">. </span>
          {until}
        </>
      ) : null}
    </p>
  )
}

function AlertLink({ alert, index }: { alert: Alert; index: number }) {
  if (!alert.link) return null
  return (
    <p className="live-update__link">
      <EditableRegion contentKey={CONTENT_KEY} path={[index, 'link']}>
        <SmartLink to={alert.link}>{alert.linkText || `More about: ${alert.title}`}</SmartLink>
      </EditableRegion>
    </p>
  )
}

function StatusItem({ alert, index, postedAt: at, now }: LiveAlert & { now: Date }) {
  const tone = statusTone(alert.status_type)
  return (
    <li className={`card live-update live-update--status live-update--${tone}`}>
      <div className="card__body">
        <p className="live-update__badges">
          <span className={`live-update__status live-update__status--${tone}`}>
            <span aria-hidden="true">{TONE_SYMBOL[tone]} </span>
            {statusLabel(alert.status_type)}
          </span>
        </p>
        <EditableText
          as="h3"
          contentKey={CONTENT_KEY}
          path={[index, 'title']}
          value={alert.title}
        />
        <When at={at} until={endText(alert, now)} />
        <EditableText
          as="p"
          contentKey={CONTENT_KEY}
          path={[index, 'message']}
          value={alert.message}
        />
        <AlertLink alert={alert} index={index} />
      </div>
    </li>
  )
}

function UpdateItem({ update, now }: { update: LiveUpdate; now: Date }) {
  if (update.kind === 'field') {
    const { field, index } = update
    const label = FIELD_STATUS_LABELS[field.status]
    return (
      <li className={`live-update live-update--field live-update--${field.status}`}>
        <p className="live-update__badges">
          <span className="badge live-update__kind">Field status</span>
        </p>
        <h3>
          <EditableText
            contentKey="fieldsContent"
            path={['fields', index, 'name']}
            value={field.name}
          />
          {`: ${label.toLowerCase()}`}
        </h3>
        <When at={update.postedAt} />
        {field.statusReason && (
          <EditableText
            as="p"
            contentKey="fieldsContent"
            path={['fields', index, 'statusReason']}
            value={field.statusReason}
          />
        )}
        <p className="live-update__link">
          <Link to={paths.fields(`field-${encodeURIComponent(field.id)}`)}>
            Status of {field.name}
          </Link>
        </p>
      </li>
    )
  }
  const { alert, index } = update
  return (
    <li className={`live-update live-update--${alert.type}`}>
      <p className="live-update__badges">
        <span className="badge live-update__kind">
          {alert.type.charAt(0).toUpperCase() + alert.type.slice(1)}
        </span>
      </p>
      <EditableText as="h3" contentKey={CONTENT_KEY} path={[index, 'title']} value={alert.title} />
      <When at={update.postedAt} until={endText(alert, now)} />
      <EditableText
        as="p"
        contentKey={CONTENT_KEY}
        path={[index, 'message']}
        value={alert.message}
      />
      <AlertLink alert={alert} index={index} />
    </li>
  )
}

/**
 * /live-updates: a dated log for game day. The current game-day status first, then the latest
 * updates (announcements and the fields that are closed or to be checked), each newest first
 * and each with the time it was posted; plus where to look before heading out.
 */
export function LiveUpdatesPage({
  alerts,
  fields = [],
  now,
  leagueCancellationsBy = WEATHER_POLICY.leagueCancellationsBy,
  held = false,
  stale = false,
}: LiveUpdatesPageProps) {
  const { status, updates } = liveUpdates(alerts, fields, now)
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Live Updates</h1>
          <p>
            Game-day status, field closures and announcements, newest first, with the time each was
            posted. League cancellations are posted by {leagueCancellationsBy} on game day.
          </p>
        </div>
      </section>
      <div className="container section live-updates">
        <HeldUntilFresh held={held} stale={stale} note="Checking for the latest updates…">
          {status.length === 0 && updates.length === 0 && (
            <p className="live-updates__empty">
              No game-day updates right now. League cancellations are posted here by{' '}
              {leagueCancellationsBy} on game day, so check back before you leave.
            </p>
          )}
          {status.length > 0 && (
            <section aria-labelledby="live-status">
              <h2 id="live-status">Game-day status</h2>
              <ul className="live-updates__status" role="list">
                {status.map((entry) => (
                  <StatusItem key={entry.alert.id} {...entry} now={now} />
                ))}
              </ul>
            </section>
          )}
          {updates.length > 0 && (
            <section aria-labelledby="live-latest">
              <h2 id="live-latest">Latest updates</h2>
              <ol className="live-updates__timeline" role="list">
                {updates.map((update) => (
                  <UpdateItem
                    key={
                      update.kind === 'alert'
                        ? `alert-${update.alert.id}`
                        : `field-${update.field.id}`
                    }
                    update={update}
                    now={now}
                  />
                ))}
              </ol>
            </section>
          )}
        </HeldUntilFresh>
        <section className="live-updates__more" aria-labelledby="live-more">
          <h2 id="live-more">Before you head to the field</h2>
          <ul>
            <li>
              <Link to={paths.fields('field-status')}>Field status summary</Link>
            </li>
            <li>
              <Link to={paths.weatherPolicy()}>Weather policy</Link>
            </li>
          </ul>
        </section>
      </div>
    </>
  )
}

/** Head tags of /live-updates. */
export function liveUpdatesMeta(): PageMeta {
  return {
    title: pageTitle('Live Updates'),
    description:
      'Game-day status for families: games on, off or delayed, weather cancellations, field closures and league announcements, posted as they happen.',
  }
}
