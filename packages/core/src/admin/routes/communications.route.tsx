import { useCallback, useEffect, useMemo, useState } from 'react'
import type { RouteObject } from 'react-router'

import { newsPostKey } from '../../entities/content-key-list.ts'
import { samplePostsToStore } from '../../content/sample-posts.ts'
import { useContent, useContentStore, useSaveContents } from '../../content/content-provider.tsx'
import { defaultAlertRoutes } from '../../screen-editors/alerts/alert-routes.ts'
import { AnnouncementComposer } from '../../screen-editors/announcement/announcement-composer.tsx'
import type { PublishOutcomes } from '../../screen-editors/announcement/announcement-composer.tsx'
import type { Announcement } from '../../screen-editors/announcement/announcement-form.ts'
import { ConfirmDialog } from '../../ui/editor-dialog.tsx'
import { formatClubDateTime } from '../../club/club-time.ts'
import { useHead } from '../../site/head.tsx'
import { useRouteElement } from '../../site/route-renderer.tsx'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../../auth/admin-deps.tsx'
import { createFormInbox } from '../form-inbox.ts'
import { ALERTS_SENT_LIMIT, countsText, readAlertsSent } from '../family-alerts-sent.ts'
import type { AlertSent } from '../family-alerts-sent.ts'
import { useInboxCount } from '../inbox-count.tsx'
import { KIND_LABEL, programName, replyHref } from '../inbox-reply.ts'
import type { FormSubmission, SubmissionStatus } from '../form-inbox.ts'
import { ActionButton } from '../action-button.tsx'
import { Link } from '../../ui/link.tsx'
import { NavLink } from '../../pages/shared/nav-link.tsx'
import { screenAddress } from '../../routing/admin-screens.ts'

type View = 'inbox' | 'archived'

type Load =
  | { kind: 'loading' }
  | { kind: 'loaded'; items: FormSubmission[] }
  | { kind: 'failed'; message: string }

const COMMUNICATIONS_STYLES = `
.admin-tabs { display: flex; flex-wrap: wrap; gap: var(--space-2); margin: 0 0 var(--space-4); padding: 0; list-style: none; }
.admin-tabs a { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 var(--space-4); border: 1px solid var(--color-navy); border-radius: 999px; color: var(--color-navy); font-weight: 700; text-decoration: none; }
.admin-tabs a:hover { background: var(--color-cream); }
.admin-tabs a[aria-current='page'] { background: var(--color-navy); color: var(--color-white); }
.admin-list h3 { margin: 0 0 var(--space-1); font-size: 1.1rem; }
`

const now = () => new Date()

/**
 * The screens under /admin/communications, rendered by the app's own route renderer
 * (site/route-renderer.tsx): react-router's `useRoutes` or `<Routes>`, even here, would cost
 * every page's start-up chunk.
 */
const COMMUNICATIONS_SCREENS: RouteObject[] = [
  { index: true, element: <Inbox /> },
  { path: 'announce', element: <Announce /> },
  { path: 'alerts-sent', element: <AlertsSent /> },
  { path: '*', element: <NoSuchScreen /> },
]

/**
 * /admin/communications/*: what the club sends and receives. The inbox (the index) holds what
 * visitors sent from the public site's forms; `announce` composes a news post and an alert
 * together.
 */
export function CommunicationsRoute() {
  return (
    <>
      <AdminStyle id="club-communications" css={COMMUNICATIONS_STYLES} />
      <h1>Communications</h1>
      <nav aria-label="Communications">
        <ul className="admin-tabs">
          <li>
            <NavLink to={screenAddress('CommunicationsRoute')} end>
              Inbox
            </NavLink>
          </li>
          <li>
            <NavLink to={screenAddress('CommunicationsRoute', 'announce')}>
              New announcement
            </NavLink>
          </li>
          <li>
            <NavLink to={screenAddress('CommunicationsRoute', 'alerts-sent')}>Alerts sent</NavLink>
          </li>
        </ul>
      </nav>
      {useRouteElement(COMMUNICATIONS_SCREENS)}
    </>
  )
}

/** /admin/communications/announce: a news post and an alert, drafted and saved together. */
function Announce() {
  useHead(adminHead('New announcement', screenAddress('CommunicationsRoute', 'announce')))
  const posts = useContent('newsPosts')
  const store = useContentStore()
  const saveMany = useSaveContents()
  const routes = useMemo(() => defaultAlertRoutes(), [])
  const publish = useCallback(
    async ({ post, alert }: Announcement): Promise<PublishOutcomes> => {
      // While the site shows the built-in sample posts, they are stored with the new one, so the
      // site's news stays what it was plus this post. The alerts are read at the moment of
      // publishing: they may have changed since this screen rendered.
      const outcomes = await saveMany([
        { key: newsPostKey(post.id), document: { ...post, published: true } },
        { key: 'alerts', document: [alert, ...store.get('alerts')] },
        ...samplePostsToStore(store, [newsPostKey(post.id)]),
      ])
      const [newsPosts = 'ignored', alerts = 'ignored'] = outcomes
      return { newsPosts, alerts }
    },
    [saveMany, store],
  )
  return (
    <section aria-labelledby="announce-title">
      <h2 id="announce-title" className="visually-hidden">
        New announcement
      </h2>
      <AnnouncementComposer posts={posts} routes={routes} now={now} onPublish={publish} />
    </section>
  )
}

type SentLoad =
  { kind: 'loading' } | { kind: 'loaded'; items: AlertSent[] } | { kind: 'failed'; message: string }

/**
 * /admin/communications/alerts-sent: the status alerts families were told of by email and
 * push, newest first, each with its deliveries per channel (issue 33 §2).
 */
function AlertsSent() {
  useHead(adminHead('Alerts sent', screenAddress('CommunicationsRoute', 'alerts-sent')))
  const { client } = useAdminDeps()
  const [load, setLoad] = useState<SentLoad>({ kind: 'loading' })
  const refresh = useCallback(
    () =>
      readAlertsSent(client).then(
        (items) => setLoad({ kind: 'loaded', items }),
        (error: Error) => setLoad({ kind: 'failed', message: error.message }),
      ),
    [client],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])
  return (
    <section aria-labelledby="alerts-sent-title">
      <h2 id="alerts-sent-title">Alerts sent to families</h2>
      <p className="admin-meta">
        Each status alert families were told of, newest first (the last {ALERTS_SENT_LIMIT}). Email
        “sent” is handed to the mail provider; push “gone” is a device whose push service says it no
        longer exists, removed since.
      </p>
      <p>
        <ActionButton onClick={() => refresh()}>Refresh</ActionButton>
      </p>
      {load.kind === 'loading' && <p role="status">Loading…</p>}
      {load.kind === 'failed' && (
        <p role="alert">{`Could not load the alerts sent: ${load.message}`}</p>
      )}
      {load.kind === 'loaded' && load.items.length === 0 && (
        <p>No alert has been sent to families yet.</p>
      )}
      {load.kind === 'loaded' && load.items.length > 0 && (
        <ul className="admin-list" aria-label="Alerts sent">
          {load.items.map((item) => (
            <li key={item.id}>
              <h3>{item.summary || 'Untitled alert'}</h3>
              <p className="admin-meta">
                <time dateTime={item.createdAt}>{formatClubDateTime(item.createdAt)}</time>
                {' · '}
                {item.targetPages.length > 0 ? item.targetPages.join(', ') : 'Every page'}
              </p>
              <p className="admin-meta">{`Email: ${countsText(item.email, 'bounced')}`}</p>
              <p className="admin-meta">{`Push: ${countsText(item.push, 'gone')}`}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function NoSuchScreen() {
  useHead(adminHead('Communications', screenAddress('CommunicationsRoute')))
  return (
    <p role="alert">
      There is no communications screen here.{' '}
      <Link to={screenAddress('CommunicationsRoute')}>Go to the inbox</Link>.
    </p>
  )
}

/**
 * The inbox of what visitors sent from the public site's forms, newest first. Read and unread
 * messages are in the inbox; archived ones have their own view.
 */
function Inbox() {
  useHead(adminHead('Communications', screenAddress('CommunicationsRoute')))
  const { client, notices } = useAdminDeps()
  const inbox = useMemo(() => createFormInbox(client), [client])
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  const [view, setView] = useState<View>('inbox')
  const [deleting, setDeleting] = useState<FormSubmission | null>(null)
  const unreadCount = useInboxCount()

  const refresh = useCallback(
    () =>
      inbox.list().then(
        (items) => setLoad({ kind: 'loaded', items }),
        (error: Error) => setLoad({ kind: 'failed', message: error.message }),
      ),
    [inbox],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  const act = async (work: Promise<void>, failure: string) => {
    try {
      await work
    } catch (error) {
      notices.show({
        title: failure,
        description: (error as Error).message,
        variant: 'destructive',
      })
    }
    await refresh()
    unreadCount.refresh()
  }
  // The mail app opens from the link itself; the inbox records the reply (and that it was read).
  const answered = (item: FormSubmission) =>
    void act(
      (async () => {
        await inbox.markAnswered(item.id)
        if (item.status === 'new') await inbox.setStatus(item.id, 'read')
      })(),
      'Could not record the reply',
    )
  const unanswered = (item: FormSubmission) =>
    void act(inbox.markUnanswered(item.id), 'Could not update the message')
  const setStatus = (item: FormSubmission, status: SubmissionStatus) =>
    void act(inbox.setStatus(item.id, status), 'Could not update the message')

  const items =
    load.kind === 'loaded'
      ? load.items.filter((item) => (item.status === 'archived') === (view === 'archived'))
      : []
  const unread = load.kind === 'loaded' ? load.items.filter((i) => i.status === 'new').length : 0

  return (
    <section className="admin-panel" aria-labelledby="communications-title">
      <h2 id="communications-title">Inbox</h2>
      <p className="admin-actions" role="group" aria-label="Which messages">
        <button
          type="button"
          className={view === 'inbox' ? 'btn btn--secondary' : 'btn btn--outline'}
          aria-pressed={view === 'inbox'}
          onClick={() => setView('inbox')}
        >
          {`Inbox (${unread} unread)`}
        </button>
        <button
          type="button"
          className={view === 'archived' ? 'btn btn--secondary' : 'btn btn--outline'}
          aria-pressed={view === 'archived'}
          onClick={() => setView('archived')}
        >
          Archived
        </button>
      </p>
      {load.kind === 'loading' && <p role="status">Loading messages…</p>}
      {load.kind === 'failed' && (
        <p role="alert">{`The messages could not be loaded: ${load.message}`}</p>
      )}
      {load.kind === 'loaded' && items.length === 0 && (
        <p>{view === 'inbox' ? 'No messages.' : 'No archived messages.'}</p>
      )}
      {items.length > 0 && (
        <ul className="admin-list" aria-label={view === 'inbox' ? 'Inbox' : 'Archived messages'}>
          {items.map((item) => (
            <li key={item.id}>
              <h3 id={`message-${item.id}`}>
                {item.status === 'new' && <span className="admin-tag admin-tag--urgent">New</span>}
                {`${KIND_LABEL[item.kind]} from ${item.name}`}
              </h3>
              <p className="admin-meta">
                <a href={`mailto:${item.email}`}>{item.email}</a>
                {item.phone && ` · ${item.phone}`}
                {item.program && ` · Program: ${programName(item.program)}`}
                {' · '}
                <time dateTime={item.createdAt}>{formatClubDateTime(item.createdAt)}</time>
              </p>
              {item.answeredAt && (
                <p className="admin-meta">
                  {`Answered by ${item.answeredBy ?? 'an unknown account'}, `}
                  <time dateTime={item.answeredAt}>{formatClubDateTime(item.answeredAt)}</time>
                </p>
              )}
              {item.message && <p className="admin-message">{item.message}</p>}
              <p className="admin-actions">
                <a
                  className="btn btn--primary"
                  href={replyHref(item)}
                  aria-label={`Reply to ${item.name}`}
                  onClick={() => answered(item)}
                >
                  Reply
                </a>
                {item.answeredAt && (
                  <ActionButton onClick={() => unanswered(item)}>Mark not answered</ActionButton>
                )}
                {item.status === 'new' ? (
                  <ActionButton onClick={() => setStatus(item, 'read')}>Mark read</ActionButton>
                ) : item.status === 'read' ? (
                  <ActionButton onClick={() => setStatus(item, 'new')}>Mark unread</ActionButton>
                ) : null}
                {item.status === 'archived' ? (
                  <ActionButton onClick={() => setStatus(item, 'read')}>Move to inbox</ActionButton>
                ) : (
                  <ActionButton onClick={() => setStatus(item, 'archived')}>Archive</ActionButton>
                )}
                <ActionButton onClick={() => setDeleting(item)}>Delete</ActionButton>
              </p>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this message for good?"
        description={deleting ? `${KIND_LABEL[deleting.kind]} from ${deleting.name}` : ''}
        confirmLabel="Delete"
        onConfirm={() => {
          const gone = deleting
          setDeleting(null)
          if (gone) void act(inbox.remove(gone.id), 'Could not delete the message')
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
