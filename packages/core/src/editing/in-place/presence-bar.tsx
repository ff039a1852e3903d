import { useEffect, useMemo, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import { useLocation } from 'react-router'

import { useAuth } from '../../auth/auth-provider.tsx'
import type { BackendClient } from '../../backend/client.ts'
import { useContent, useContentStore } from '../../content/content-provider.tsx'
import type { SiteContentStore } from '../../content/content-provider.tsx'
import { createContentRepository } from '../../content/content-repository-client.ts'
import { createHistoryRepository } from '../../history/history-repository.ts'
import type { ContentKey } from '../../entities/content-keys.ts'
import { isContentKey } from '../../entities/content-key-list.ts'
import { CONTENT_NAMES } from '../../realtime/content-names.ts'
import { ANOTHER_WINDOW, MAX_FIELD_NAME } from '../../realtime/edit-presence.ts'
import type { EditPresence } from '../../realtime/edit-presence.ts'
import { editorIdentity } from '../../realtime/editor-identity.ts'
import type { EditorIdentity, IdentityProfile } from '../../realtime/editor-identity.ts'
import { createLiveContent } from '../../realtime/live-content.ts'
import type { LiveContent } from '../../realtime/live-content.ts'
import { timeAgo, timeAgoRefreshMs } from '../../club/time-ago.ts'
import { keysShownAt } from '../../site/shown-keys.ts'
import { publicPath } from '../../routing/admin-paths.ts'
import { getAtPath } from '../set-at-path.ts'
import { PresenceAvatars } from './presence-avatars.tsx'
import { PRESENCE_STYLES } from './presence-styles.ts'
import { shareFocusedField, useMarkedFields, usePresence } from './use-presence.ts'

/** A save of a document this page shows, by someone else or in another window of this account. */
type RemoteSave = { key: ContentKey; version: number; by: string; at: number }

/** An in-place editor of `key` that had focus, with a change, when someone else saved it. */
type OpenEdit = { key: ContentKey; version: number; by: string; element: HTMLElement }

/** How many recent saves by others are listed. */
const SAVES_SHOWN = 3

/** This editor, as the others see them; stable while their name does not change. */
export function useEditorIdentity(): EditorIdentity | undefined {
  const { user } = useAuth()
  const profile = useContent('adminProfile') as IdentityProfile | undefined
  const identity = user ? editorIdentity(user, profile) : undefined
  const serialized = identity && JSON.stringify(identity)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the identity is its serialization
  return useMemo(() => identity, [serialized])
}

/**
 * The in-place field this editor is in, shared as focus moves (its label, as form screens
 * share theirs); leaving the fields clears it.
 */
const followInPlaceField = (presence: EditPresence) =>
  shareFocusedField(
    document,
    presence,
    () => inPlaceFieldName(document.activeElement),
    (next) => !inPlaceFieldName(next as Element | null),
  )

/** The in-place editor holding `element`, if any (`data-edit-key`, as editAttributes marks them). */
const inPlaceField = (element: Element | null) =>
  element instanceof Element ? element.closest<HTMLElement>('[data-edit-key]') : null

/**
 * The name of the in-place field `element` is in, as others are shown it: its label without
 * the leading "Edit " or "Change image: " ("weather policy intro"); undefined outside fields.
 */
export function inPlaceFieldName(element: Element | null): string | undefined {
  const label = inPlaceField(element)?.getAttribute('aria-label')?.trim()
  if (!label) return undefined
  return label.replace(/^(Edit|Change image:)\s+/, '').slice(0, MAX_FIELD_NAME) || undefined
}

/** The in-place fields, as others are shown them (the elements useMarkedFields may mark). */
const inPlaceFields = () => document.querySelectorAll<HTMLElement>('[data-edit-key][aria-label]')

/**
 * The element of an in-place editor of `key` that has focus and holds a change not saved yet
 * of a field the save moved: rich text being edited, or plain text that differs from the
 * document now shown where the field no longer holds what it did when editing began (a save
 * of other fields is merged with this one without asking).
 */
function openEditorOf(store: SiteContentStore, key: ContentKey): HTMLElement | undefined {
  const focused = document.activeElement
  const element = focused?.closest<HTMLElement>('[data-edit-key]')
  if (!element || element.dataset.editKey !== key) return undefined
  if (element.dataset.editKind !== 'text') return element
  try {
    const path = JSON.parse(element.dataset.editPath ?? '[]') as (string | number)[]
    const typed = (element.textContent ?? '').replace(/\s+/g, ' ').trim()
    const now = getAtPath(store.get(key), path)
    if (typed === now) return undefined
    const from = element.dataset.editFrom
    return from !== undefined && from === now ? undefined : element
  } catch {
    return element
  }
}

/**
 * The page's documents followed live with the staff session: each save by someone else (or in
 * another window of this account) of one it shows, and the edits open when it arrived.
 */
function useRemoteSaves(
  client: BackendClient,
  store: SiteContentStore,
  pathname: string,
  meId: string | undefined,
) {
  const [saves, setSaves] = useState<RemoteSave[]>([])
  const [openEdits, setOpenEdits] = useState<OpenEdit[]>([])
  const live = useRef<LiveContent | undefined>(undefined)

  useEffect(() => {
    if (!meId) return
    const repository = createContentRepository(client)
    const following = createLiveContent({
      realtime: client,
      store,
      read: (keys, held) => repository.read(keys, held),
      keysAt: keysShownAt,
      page: { document, window },
      onChange(change, shown) {
        // The editing view shows documents whole (keysShownAt names `teams`, not its views).
        if (!change.updatedBy || !isContentKey(change.key)) return
        // This account's save is another window's when it changed this page: this window's own
        // comes back with the version it already holds (or while it is still saving).
        if (change.updatedBy === meId && (!shown || store.getSaveState().status === 'saving')) {
          return
        }
        const save: RemoteSave = {
          key: change.key,
          version: change.version,
          by: change.updatedBy,
          at: Date.now(),
        }
        setSaves((list) => [save, ...list.filter((item) => item.key !== save.key)])
        const element = openEditorOf(store, change.key)
        if (!element) return
        const open: OpenEdit = { ...save, element }
        setOpenEdits((list) => [...list.filter((item) => item.key !== open.key), open])
        // Leaving the field settles it: Escape put theirs back, anything else saved mine over it.
        element.addEventListener(
          'focusout',
          () => setOpenEdits((list) => list.filter((item) => item !== open)),
          { once: true },
        )
      },
    })
    live.current = following
    return () => {
      following.dispose()
      live.current = undefined
    }
  }, [client, store, meId])

  useEffect(() => {
    live.current?.show(pathname)
  }, [pathname, meId])

  return { saves, openEdits, setOpenEdits }
}

/** The names of savers who are not on this page, looked up once each in the history. */
function useSaverNames(
  client: BackendClient,
  saves: readonly RemoteSave[],
  known: ReadonlyMap<string, string>,
  profile: IdentityProfile | undefined,
) {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map())
  const asked = useRef(new Set<string>())
  useEffect(() => {
    const history = createHistoryRepository(client)
    for (const save of saves) {
      if (known.has(save.by) || asked.current.has(save.by)) continue
      asked.current.add(save.by)
      history
        .listRevisions(save.key, { limit: 1, before: save.version + 1 })
        .then(([revision]) => {
          const email = revision?.savedBy === save.by ? revision.savedByEmail : null
          if (!email) return
          const isProfile = profile?.email.toLowerCase() === email.toLowerCase()
          const name = isProfile && profile.displayName ? profile.displayName : email
          setNames((map) => new Map(map).set(save.by, name))
        })
        .catch(() => {
          // Unknown stays "Someone"; it is asked again after a reload.
        })
    }
  }, [client, saves, known, profile])
  return names
}

/** The current time, redrawn as often as the newest "… ago" needs. */
function useNow(newest: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (newest === undefined) return
    const timer = setTimeout(() => setNow(Date.now()), timeAgoRefreshMs(newest, Date.now()))
    return () => clearTimeout(timer)
  }, [newest, now])
  return newest === undefined ? now : Math.max(now, newest)
}

/** Keeps focus where it is (an open editor) when a choice is clicked. */
const keepFocus = (event: MouseEvent) => event.preventDefault()

/** Props of {@link EditPresence}. */
export type EditPresenceProps = {
  /** The signed-in staff user's full client (presence channels need their session). */
  client: BackendClient
}

/**
 * The strip under the edit bar: who else is editing this page (presence on the page's staff
 * channel, each with name and initials), saves by others of documents this page shows as
 * they happen ("Jordan saved Alerts 5 s ago", kept up to date), and, when such a save moves
 * the very field you are typing in, a warning with "Use theirs" (a save of other fields, or
 * one that meets a save of yours not sent yet, is merged by the store; a field both changed
 * is settled in the conflict dialog).
 * Without Realtime it says so, and the page works as before.
 *
 * @example
 * <EditingProvider …><EditBar /><EditPresence client={client} /><SiteLayout … /></EditingProvider>
 */
export function EditPresence({ client }: EditPresenceProps) {
  const store = useContentStore()
  const { pathname } = useLocation()
  const me = useEditorIdentity()
  const profile = useContent('adminProfile') as IdentityProfile | undefined
  const page = publicPath(pathname)
  const { editors, status } = usePresence(client, page, me, followInPlaceField)
  useMarkedFields(editors, inPlaceFields, inPlaceFieldName)
  const { saves, openEdits, setOpenEdits } = useRemoteSaves(client, store, pathname, me?.id)
  const present = useMemo(
    () => new Map(editors.map((editor) => [editor.id, editor.name])),
    [editors],
  )
  const others = useMemo(() => saves.filter((save) => save.by !== me?.id), [saves, me?.id])
  const looked = useSaverNames(client, others, present, profile)
  // This account's saves came from another window of it, named as presence names it.
  const nameOf = (id: string) =>
    id === me?.id ? ANOTHER_WINDOW : (present.get(id) ?? looked.get(id) ?? 'Someone')
  const now = useNow(saves[0]?.at)

  const shown = new Set<string>(keysShownAt(pathname))
  const onPage = saves.filter((save) => shown.has(save.key)).slice(0, SAVES_SHOWN)
  const latest = saves[0]
  const announcement = latest ? `${nameOf(latest.by)} saved ${CONTENT_NAMES[latest.key]}` : ''

  return (
    <>
      <section className="presence" aria-label="Other editors">
        <style href="club-presence-ui" precedence="default">
          {PRESENCE_STYLES}
        </style>
        <PresenceAvatars editors={editors} status={status} />
        {onPage.length > 0 && (
          <ul className="presence__saves" aria-label="Saves by others">
            {onPage.map((save) => (
              <li key={save.key}>
                {`${nameOf(save.by)} saved ${CONTENT_NAMES[save.key]} `}
                <time dateTime={new Date(save.at).toISOString()}>
                  {timeAgo(save.at, now, { seconds: true })}
                </time>
              </li>
            ))}
          </ul>
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </section>
      {/* Outside the strip, whose stacking context would hold it under the edit bar. */}
      {openEdits.length > 0 && (
        <div className="presence-conflicts">
          {openEdits.map((open) => (
            <div key={open.key} className="presence-conflict" role="alert">
              <p>
                <strong>{`${nameOf(open.by)} saved ${CONTENT_NAMES[open.key]}`}</strong>, this field
                too, while you were changing it. Keep typing: when you leave the field you choose
                between yours, theirs or a mix of both. Or use theirs now (Escape in the field does
                the same).
              </p>
              <button
                type="button"
                className="edit-chip"
                onMouseDown={keepFocus}
                onClick={() => setOpenEdits((list) => list.filter((item) => item !== open))}
              >
                Keep typing
              </button>
              <button
                type="button"
                className="edit-chip"
                onMouseDown={keepFocus}
                onClick={() => {
                  // The editors' own way to drop a change and show what is stored.
                  const target = open.element.contains(document.activeElement)
                    ? (document.activeElement as HTMLElement)
                    : open.element
                  target.dispatchEvent(
                    new KeyboardEvent('keydown', {
                      key: 'Escape',
                      bubbles: true,
                      cancelable: true,
                    }),
                  )
                  setOpenEdits((list) => list.filter((item) => item !== open))
                }}
              >
                Use theirs
              </button>
            </div>
          ))}
        </div>
      )}
    </>
  )
}
