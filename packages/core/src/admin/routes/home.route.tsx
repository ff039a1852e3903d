import { useEffect, useMemo, useState } from 'react'

import { explainAlertVisibility } from '../../alerts/alert-visibility-reasons.ts'
import { useContent } from '../../content/content-provider.tsx'
import { createHistoryRepository } from '../../history/history-repository.ts'
import type { RevisionSummary } from '../../history/history-repository.ts'
import { contentKeyLabel } from '../../history/content-key-label.ts'
import { historyAddress, screenAddress } from '../../routing/admin-screens.ts'
import { formatClubDateTime } from '../../club/club-time.ts'
import { useHead } from '../../site/head.tsx'
import { ADMIN_HOME, EDIT_PREFIX } from '../../routing/admin-paths.ts'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../../auth/admin-deps.tsx'
import { useAuth } from '../../auth/auth-provider.tsx'
import { RemindersPanel } from '../reminders-panel.tsx'
import { unreadText, useInboxCount } from '../inbox-count.tsx'
import { Link } from '../../ui/link.tsx'

const RECENT_SAVES = 10

const FIELD_STATUS_LABEL = { open: 'Open', closed: 'Closed', 'check-back': 'Check back' } as const

type Recent =
  { kind: 'loading' } | { kind: 'loaded'; saves: RevisionSummary[] } | { kind: 'failed' }

function RecentSaves() {
  const { client } = useAdminDeps()
  const [recent, setRecent] = useState<Recent>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    createHistoryRepository(client)
      .recentSaves(RECENT_SAVES)
      .then(
        (saves) => live && setRecent({ kind: 'loaded', saves }),
        () => live && setRecent({ kind: 'failed' }),
      )
    return () => {
      live = false
    }
  }, [client])
  return (
    <section
      className="admin-panel"
      aria-labelledby="recent-title"
      aria-busy={recent.kind === 'loading'}
    >
      <h2 id="recent-title">Recent saves</h2>
      {recent.kind === 'loading' && <p>Loading recent saves…</p>}
      {recent.kind === 'failed' && <p>Recent saves could not be loaded. Try again later.</p>}
      {recent.kind === 'loaded' &&
        (recent.saves.length === 0 ? (
          <p>Nothing has been saved yet.</p>
        ) : (
          <ul className="admin-list">
            {recent.saves.map((save) => (
              <li key={`${save.key}-${save.version}`}>
                <strong>
                  <Link to={historyAddress(save.key)}>
                    {contentKeyLabel(save.key)}
                    <span className="visually-hidden"> history</span>
                  </Link>
                </strong>
                {` (version ${save.version}) by ${save.savedByEmail ?? 'an unknown account'}`}
                <br />
                <time className="admin-meta" dateTime={save.savedAt}>
                  {formatClubDateTime(save.savedAt)}
                </time>
              </li>
            ))}
          </ul>
        ))}
    </section>
  )
}

/** The inbox's unread count, leading to it. */
function InboxNow() {
  const { count } = useInboxCount()
  if (count === undefined) return null
  return (
    <section className="admin-panel" aria-labelledby="inbox-now-title">
      <h2 id="inbox-now-title">Inbox</h2>
      <p>
        {count === 0 ? (
          <>
            No unread messages.{' '}
            <Link to={screenAddress('CommunicationsRoute')}>Open the inbox</Link>
          </>
        ) : (
          <Link
            to={screenAddress('CommunicationsRoute')}
          >{`${unreadText(count)} in the inbox`}</Link>
        )}
      </p>
    </section>
  )
}

function AlertsNow() {
  const alerts = useContent('alerts')
  const shown = useMemo(() => {
    const now = new Date()
    // No page is being viewed: an alert live on any page counts, so its target is not checked.
    return alerts
      .filter((alert) => explainAlertVisibility(alert, { now }).visible)
      .sort((a, b) => Number(b.isPinned) - Number(a.isPinned))
  }, [alerts])
  return (
    <section className="admin-panel" aria-labelledby="alerts-now-title">
      <h2 id="alerts-now-title">Alerts visible now</h2>
      {shown.length === 0 ? (
        <p>No alert is showing on the site.</p>
      ) : (
        <ul className="admin-list">
          {shown.map((alert) => (
            <li key={alert.id}>
              <strong>{alert.title}</strong>
              {alert.isPinned && <span className="admin-meta"> · pinned</span>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={screenAddress('AlertsRoute')}>Manage alerts</Link>
      </p>
    </section>
  )
}

function FieldsAtAGlance() {
  const { fields } = useContent('fieldsContent')
  return (
    <section className="admin-panel" aria-labelledby="fields-glance-title">
      <h2 id="fields-glance-title">Field status</h2>
      <ul className="admin-list">
        {fields.map((field) => (
          <li key={field.id}>
            <strong>{field.name}</strong>
            {`: ${FIELD_STATUS_LABEL[field.status]}`}
            {field.statusReason && <span className="admin-meta">{` · ${field.statusReason}`}</span>}
          </li>
        ))}
      </ul>
      <p>
        <Link to={screenAddress('FieldStatusRoute')}>Update field status</Link>
      </p>
    </section>
  )
}

/**
 * /admin/home: reminders (this device's unsaved changes show above every admin screen), the inbox's unread count, the latest saves, the alerts live now,
 * field status at a glance, and whatever the app adds (the desktop app's links).
 */
export function AdminHomeRoute() {
  useHead(adminHead('Home', ADMIN_HOME))
  const { homeExtras } = useAdminDeps()
  // The reminders are the directors' own: the database neither shows nor saves them for editors.
  const { role } = useAuth()
  return (
    <>
      <h1>Admin home</h1>
      <p className="admin-actions">
        <Link className="btn btn--primary" to={EDIT_PREFIX}>
          Edit the site
        </Link>
      </p>
      {homeExtras}
      {role === 'director' && <RemindersPanel />}
      <InboxNow />
      <AlertsNow />
      <FieldsAtAGlance />
      <RecentSaves />
    </>
  )
}
