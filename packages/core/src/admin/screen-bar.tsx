import { useCallback, useEffect } from 'react'
import { useLocation } from 'react-router'

import { useAuth } from '../auth/auth-provider.tsx'
import { useAdminDeps } from '../auth/admin-deps.tsx'
import { adminScreenAt, historyAddress } from '../routing/admin-screens.ts'
import { contentKeyLabel } from '../history/content-key-label.ts'
import { PresenceAvatar } from '../editing/in-place/presence-avatars.tsx'
import { useEditorIdentity } from '../editing/in-place/presence-bar.tsx'
import { PRESENCE_STYLES } from '../editing/in-place/presence-styles.ts'
import {
  shareFocusedField,
  useMarkedFields,
  usePresence,
} from '../editing/in-place/use-presence.ts'
import { createLiveContent } from '../realtime/live-content.ts'
import { createContentRepository } from '../content/content-repository-client.ts'
import type { ContentKey } from '../entities/content-keys.ts'
import type { EditPresence } from '../realtime/edit-presence.ts'
import { Link } from '../ui/link.tsx'

/** The controls a form screen's fields are typed into. */
const FIELDS = 'input, textarea, select, [contenteditable="true"], [contenteditable=""]'

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/**
 * A form control's name as people read it: its label (or aria-label, or what it is labelled
 * by), then the legend of the group it is in when that says more ("Name (Player 3)").
 * Empty for anything that is not a field.
 *
 * @example
 * fieldName(document.querySelector('#title')) // 'Title'
 */
export function fieldName(element: Element | null): string {
  if (!(element instanceof HTMLElement) || !element.matches(FIELDS)) return ''
  const labelled = element.getAttribute('aria-labelledby')
  const byIds = labelled
    ? labelled
        .split(/\s+/)
        .map((id) => clean(element.ownerDocument.getElementById(id)?.textContent))
        .join(' ')
    : ''
  const own =
    clean(element.getAttribute('aria-label')) ||
    clean(byIds) ||
    clean(
      (element as HTMLInputElement).labels
        ? [...((element as HTMLInputElement).labels ?? [])].map((l) => l.textContent).join(' ')
        : '',
    ) ||
    clean(element.getAttribute('placeholder'))
  const legend = clean(element.closest('fieldset')?.querySelector('legend')?.textContent)
  if (!own) return legend
  return legend && !own.includes(legend) ? `${own} (${legend})` : own
}

/**
 * The others on this screen (presence on its staff channel), and the field each is in; this
 * editor's own field is shared as focus moves between fields. The fields others are in are
 * marked (`data-others-in` names them). Says so when presence cannot be known.
 */
function ScreenPresence({ page, root }: { page: string; root: () => HTMLElement | null }) {
  const { client } = useAdminDeps()
  const me = useEditorIdentity()
  const follow = useCallback(
    (presence: EditPresence) => {
      const area = root()
      return shareFocusedField(
        area,
        presence,
        () => fieldName(area?.ownerDocument.activeElement ?? null),
        // Focus moving to another field is shared by its focusin; leaving the fields clears it.
        (next) => !(next instanceof Element) || !area?.contains(next),
      )
    },
    [root],
  )
  const { editors: others, status } = usePresence(client, page, me, follow)
  // Marks the fields the others are in, so they are seen where they are.
  const fields = useCallback(() => root()?.querySelectorAll<HTMLElement>(FIELDS) ?? [], [root])
  useMarkedFields(others, fields, fieldName)

  return (
    <div className="screen-presence">
      <style href="club-presence-ui" precedence="default">
        {PRESENCE_STYLES}
      </style>
      {status === 'unavailable' ? (
        <p className="screen-bar__quiet">Who else is on this screen cannot be shown right now.</p>
      ) : others.length === 0 ? (
        <p className="screen-bar__quiet">
          {status === 'joined'
            ? 'No one else is on this screen.'
            : 'Checking who else is on this screen…'}
        </p>
      ) : (
        <>
          <span id="screen-presence-others">Also on this screen:</span>
          <ul className="screen-presence__list" aria-labelledby="screen-presence-others">
            {others.map((other) => (
              <li
                key={other.id}
                className="screen-presence__editor"
                title={other.email || undefined}
              >
                <PresenceAvatar editor={other} />
                <span>
                  <span className="screen-presence__name">{other.name}</span>
                  {other.field && (
                    <span className="screen-presence__field">{` typing in “${other.field}”`}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/** Props of {@link ScreenBar}. */
export type ScreenBarProps = {
  /** The element holding the screen's form: focus in it is shared, its fields marked. */
  root: () => HTMLElement | null
}

/**
 * Above an admin screen that edits content: links to the history of each document it edits
 * (opened for that content), and who else is on the screen, in which field. Nothing on screens
 * without content of their own (history, not found).
 *
 * @example
 * <ScreenBar root={() => mainRef.current} />
 */
export function ScreenBar({ root }: ScreenBarProps) {
  const { pathname } = useLocation()
  const { role } = useAuth()
  const screen = adminScreenAt(pathname)
  // An editor gets nothing of the directors' screens or reminders (issue 34): the database
  // shows them neither the documents nor their history.
  const content =
    role === 'director'
      ? (screen?.content ?? [])
      : screen?.directorsOnly
        ? []
        : (screen?.content ?? []).filter((key) => key !== 'adminReminders')
  if (content.length === 0) return null
  return (
    <section className="screen-bar" aria-label="On this screen">
      <LiveScreenContent keys={content} />
      <ScreenPresence key={pathname} page={pathname} root={root} />
      <nav className="screen-bar__history" aria-label="History">
        <ul>
          {content.map((key) => (
            <li key={key}>
              <Link className="btn btn--outline btn--small" to={historyAddress(key)}>
                {`${contentKeyLabel(key)} history`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}

/**
 * Follows the documents a form screen edits, live (Realtime, read again on focus without it):
 * a save from another window or another editor reaches the store at once, and the screen's
 * form takes it while it holds no edits of its own (useDocumentForm), so a screen never says
 * "All changes saved" over an older text. Renders nothing.
 */
function LiveScreenContent({ keys }: { keys: readonly ContentKey[] }) {
  const { client, store } = useAdminDeps()
  const list = keys.join(',')
  useEffect(() => {
    const followed = list.split(',') as ContentKey[]
    const repository = createContentRepository(client)
    const live = createLiveContent({
      realtime: client,
      store,
      read: (wanted, held) => repository.read(wanted, held),
      page: { document, window },
      keysAt: () => followed,
    })
    live.show(followed.join(','))
    return () => live.dispose()
  }, [client, store, list])
  return null
}
