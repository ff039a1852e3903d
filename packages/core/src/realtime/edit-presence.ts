import type { RealtimeConnection } from '../backend/realtime-client.ts'
import { uniqueId } from '../entities/unique-id.ts'
import type { EditorIdentity } from './editor-identity.ts'

/**
 * Someone editing a page, since when (ms since the epoch), and the field they are in, named as
 * its label reads (form screens), when they are in one.
 */
export type PresentEditor = EditorIdentity & { since: number; field?: string }

/** The longest field name shared; a longer label is cut. */
export const MAX_FIELD_NAME = 80

/**
 * `joining` until the channel is joined; `joined` while presence is shared; `unavailable`
 * when Realtime cannot be reached or refused the channel (supabase-js keeps trying).
 */
export type PresenceStatus = 'joining' | 'joined' | 'unavailable'

/** This tab's presence on one page's channel. */
export type EditPresence = {
  /** Leaves the channel; the others see this editor go. */
  leave(): void
  /** Tells the others which field this editor is in (its label), or none. */
  setField(field: string | undefined): void
}

/** What joining needs. */
export type EditPresenceOptions = {
  /** The full client of a signed-in staff user (private channels need their session). */
  realtime: RealtimeConnection
  /** The public path of the page being edited, e.g. `/fields`. */
  page: string
  me: EditorIdentity
  /** The other editors of the page, earliest first, whenever that changes. */
  onEditors: (editors: PresentEditor[]) => void
  onStatus?: (status: PresenceStatus) => void
}

/**
 * The private channel of one page's editors. Staff only: the `realtime.messages` policies
 * (supabase/migrations/20261125000100_realtime.sql) admit staff to topics starting `staff:`.
 */
export function editChannelTopic(page: string): string {
  return `staff:edit:${page}`
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** How the signed-in person's own other windows are named among the editors. */
export const ANOTHER_WINDOW = 'You, in another window'

/**
 * The editors in a channel's presence state other than `selfId`: one entry per person
 * (several tabs count once, from the earliest), earliest first. Malformed entries are skipped.
 *
 * @example
 * othersIn(channel.presenceState(), me.id)
 */
export function othersIn(
  state: Record<string, readonly unknown[]>,
  selfId: string,
  selfKey?: string,
): PresentEditor[] {
  const byId = new Map<string, PresentEditor>()
  for (const [key, entries] of Object.entries(state)) {
    for (const entry of entries) {
      if (!entry || typeof entry !== 'object') continue
      const fields = entry as Record<string, unknown>
      let id = text(fields.id)
      let name = text(fields.name)
      if (!id || !name) continue
      if (id === selfId) {
        // This window is not listed; the same person's other windows are, as such.
        if (selfKey === undefined || key === selfKey) continue
        id = `${selfId}:${ANOTHER_WINDOW}`
        name = ANOTHER_WINDOW
      }
      const since = Number(fields.since) || 0
      const field = text(fields.field).replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_NAME)
      const known = byId.get(id)
      // A person in two tabs is listed once, from the earliest, in whichever field one is in.
      if (known && known.since <= since) {
        if (field && !known.field) known.field = field
        continue
      }
      byId.set(id, {
        id,
        name,
        email: text(fields.email),
        initials: text(fields.initials) || '?',
        since,
        ...(field ? { field } : known?.field ? { field: known.field } : {}),
      })
    }
  }
  return [...byId.values()].sort((a, b) => a.since - b.since || a.name.localeCompare(b.name))
}

/**
 * IMPORTANT: the only code that uses the editors' presence channels. Joins the page's private
 * channel, shares who this editor is and the field they are in (tracked again after every
 * rejoin) and reports the other editors as they come and go. Each tab is present once; a person with two tabs is listed once.
 *
 * @example
 * const presence = joinEditPresence({ realtime: client, page: '/fields', me, onEditors: setEditors })
 * presence.leave()
 */
export function joinEditPresence(options: EditPresenceOptions): EditPresence {
  const { realtime, page, me, onEditors, onStatus } = options
  const tab = uniqueId()
  const since = Date.now()
  let left = false
  let joined = false
  let field: string | undefined
  const track = () => void channel.track({ ...me, since, ...(field ? { field } : {}) })

  onStatus?.('joining')
  const key = `${me.id}:${tab}`
  const channel = realtime.channel(editChannelTopic(page), {
    config: { private: true, presence: { key } },
  })
  channel.on('presence', { event: 'sync' }, () => {
    if (!left) onEditors(othersIn(channel.presenceState(), me.id, key))
  })
  channel.subscribe((status) => {
    if (left) return
    if (status === 'SUBSCRIBED') {
      joined = true
      onStatus?.('joined')
      track()
    } else {
      joined = false
      onStatus?.('unavailable')
      onEditors([])
    }
  })

  return {
    leave() {
      if (left) return
      left = true
      void realtime.removeChannel(channel)
    },
    setField(next) {
      const name = next?.replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_NAME) || undefined
      if (left || name === field) return
      field = name
      if (joined) track()
    },
  }
}
