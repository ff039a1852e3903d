import { useId, useState } from 'react'

import { usePendingSaves } from '../content/content-provider.tsx'
import { refusedSaveReason, SAVED_FIRST_ELSEWHERE } from '../content/save-messages.ts'
import type { PendingSave } from '../content/store-types.ts'
import { isNewsPostKey } from '../entities/content-key-list.ts'
import { contentKeyLabel } from '../history/content-key-label.ts'
import { ActionButton } from './action-button.tsx'

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })

/** Where one pending save stands, in words. */
export function pendingSaveState(item: PendingSave): string {
  if (item.sending) return 'Sending…'
  switch (item.status) {
    case 'pending': {
      const tries = item.attempts === 1 ? 'once' : `${item.attempts} times`
      const next = item.nextRetryAt ? ` Next try at ${clock.format(item.nextRetryAt)}.` : ''
      return item.attempts === 0
        ? 'Waiting to be sent.'
        : `Could not be sent (tried ${tries}); it will be sent again.${next}`
    }
    case 'failed':
      return `The site refused it. ${refusedSaveReason(item)}`
    case 'conflict':
      return `${SAVED_FIRST_ELSEWHERE} Keep yours or use theirs.`
    case 'set-aside':
      return 'Set aside when you took the stored version.'
  }
}

/**
 * This device's saves that are not stored yet (failed, waiting for a retry, in conflict or set
 * aside), listed on every admin screen while there are any, each with its content's name,
 * where it stands and when it was made, Retry (or the conflict's choices) and Discard (asked
 * once more in place). The store keeps them in localStorage, so they survive a reload.
 *
 * @example
 * <PendingSavesPanel />
 */
/** What a kept save is of: its document's name, and a news post's title. */
function pendingSaveLabel(item: { key: string; value: unknown }): string {
  const title = (item.value as { title?: unknown } | null)?.title
  return isNewsPostKey(item.key) && typeof title === 'string' && title.trim()
    ? `${contentKeyLabel(item.key)} “${title.trim()}”`
    : contentKeyLabel(item.key)
}

export function PendingSavesPanel() {
  const pending = usePendingSaves()
  const headingId = useId()
  if (pending.items.length === 0) return null
  return (
    <section className="admin-panel pending-saves" aria-labelledby={headingId}>
      <h2 id={headingId}>Changes not saved yet on this device</h2>
      <ul className="admin-list">
        {pending.items.map((item) => (
          <li key={item.id} className="pending-saves__item" data-status={item.status}>
            <p>
              <strong>{pendingSaveLabel(item)}</strong>
              {` · changed at ${clock.format(item.savedAt)}`}
            </p>
            <p className="admin-meta" role="status">
              {pendingSaveState(item)}
            </p>
            <p className="admin-actions">
              {item.status === 'conflict' ? (
                <>
                  <ActionButton onClick={() => void pending.overwrite(item.id)}>
                    Keep mine
                  </ActionButton>
                  <ActionButton onClick={() => void pending.reload(item.id)}>
                    Use theirs
                  </ActionButton>
                </>
              ) : item.status === 'set-aside' ? (
                <ActionButton onClick={() => void pending.overwrite(item.id)}>
                  Save mine again
                </ActionButton>
              ) : (
                <ActionButton
                  aria-disabled={item.sending ? true : undefined}
                  onClick={() => (item.sending ? undefined : void pending.retryNow(item.id))}
                >
                  Retry
                  <span className="visually-hidden">{` ${contentKeyLabel(item.key)}`}</span>
                </ActionButton>
              )}
              <DiscardButton
                label={contentKeyLabel(item.key)}
                onDiscard={() => pending.discard(item.id)}
              />
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Discarding loses the change: it asks once more in place. */
function DiscardButton({ label, onDiscard }: { label: string; onDiscard(): void }) {
  const [confirming, setConfirming] = useState(false)
  if (!confirming) {
    return (
      <button type="button" className="btn btn--outline" onClick={() => setConfirming(true)}>
        Discard<span className="visually-hidden">{` the change to ${label}`}</span>
      </button>
    )
  }
  return (
    <span role="group" aria-label={`Discard the change to ${label}?`}>
      <button
        type="button"
        className="btn btn--danger"
        // Focus moves here, so a keyboard user hears the question.
        autoFocus
        onClick={onDiscard}
      >
        Discard it for good
      </button>{' '}
      <button type="button" className="btn btn--outline" onClick={() => setConfirming(false)}>
        Keep it
      </button>
    </span>
  )
}
