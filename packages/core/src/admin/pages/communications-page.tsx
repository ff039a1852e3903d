import { useCallback, useEffect, useMemo, useState } from 'react'

import { ConfirmDialog } from '../../editors/shared/form-controls.tsx'
import { formatClubDateTime } from '../../pages/shared/club-time.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../admin-deps.tsx'
import { createFormInbox } from '../form-inbox.ts'
import type { FormSubmission, SubmissionStatus } from '../form-inbox.ts'

const KIND_LABEL = {
  contact: 'Contact message',
  'registration-interest': 'Registration interest',
} as const

type View = 'inbox' | 'archived'

type Load =
  | { kind: 'loading' }
  | { kind: 'loaded'; items: FormSubmission[] }
  | { kind: 'failed'; message: string }

/**
 * /admin/communications: the inbox of what visitors sent from the public site's forms, newest
 * first. Read and unread messages are in the inbox; archived ones have their own view.
 */
export function CommunicationsPage() {
  useHead(adminHead('Communications', '/admin/communications'))
  const { client, notices } = useAdminDeps()
  const inbox = useMemo(() => createFormInbox(client), [client])
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  const [view, setView] = useState<View>('inbox')
  const [deleting, setDeleting] = useState<FormSubmission | null>(null)

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
  }
  const setStatus = (item: FormSubmission, status: SubmissionStatus) =>
    void act(inbox.setStatus(item.id, status), 'Could not update the message')

  const items =
    load.kind === 'loaded'
      ? load.items.filter((item) => (item.status === 'archived') === (view === 'archived'))
      : []
  const unread = load.kind === 'loaded' ? load.items.filter((i) => i.status === 'new').length : 0

  return (
    <section className="admin-panel" aria-labelledby="communications-title">
      <h1 id="communications-title">Communications</h1>
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
              <h2 id={`message-${item.id}`}>
                {item.status === 'new' && <span className="admin-tag admin-tag--urgent">New</span>}
                {`${KIND_LABEL[item.kind]} from ${item.name}`}
              </h2>
              <p className="admin-meta">
                <a href={`mailto:${item.email}`}>{item.email}</a>
                {item.phone && ` · ${item.phone}`}
                {item.program && ` · Program: ${item.program}`}
                {' · '}
                <time dateTime={item.createdAt}>{formatClubDateTime(item.createdAt)}</time>
              </p>
              {item.message && <p className="admin-message">{item.message}</p>}
              <p className="admin-actions">
                {item.status === 'new' ? (
                  <button
                    type="button"
                    className="btn btn--outline"
                    onClick={() => setStatus(item, 'read')}
                  >
                    Mark read
                  </button>
                ) : item.status === 'read' ? (
                  <button
                    type="button"
                    className="btn btn--outline"
                    onClick={() => setStatus(item, 'new')}
                  >
                    Mark unread
                  </button>
                ) : null}
                {item.status === 'archived' ? (
                  <button
                    type="button"
                    className="btn btn--outline"
                    onClick={() => setStatus(item, 'read')}
                  >
                    Move to inbox
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn--outline"
                    onClick={() => setStatus(item, 'archived')}
                  >
                    Archive
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={() => setDeleting(item)}
                >
                  Delete
                </button>
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
