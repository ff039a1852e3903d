/**
 * The editors' presence against the local server: private staff channels authorised by the
 * realtime.messages policies, with the unmodified supabase-js.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { joinEditPresence } from './edit-presence.ts'
import type { EditPresence, PresenceStatus, PresentEditor } from './edit-presence.ts'
import type { EditorIdentity } from './editor-identity.ts'

let h: Harness
const clients: SupabaseClient[] = []
const joined: EditPresence[] = []

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  for (const presence of joined) presence.leave()
  await Promise.all(clients.map((client) => client.realtime.disconnect()))
  await h.stop()
})

async function eventually(check: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A signed-in user present on `page`, with what they see. */
async function editor(name: string, page: string, { staff = true } = {}) {
  const user = await h.signedInUser({ staff })
  clients.push(user.client)
  const me: EditorIdentity = { id: user.id, name, email: user.email, initials: name[0] ?? '?' }
  const seen = { others: [] as PresentEditor[], status: 'joining' as PresenceStatus }
  const presence = joinEditPresence({
    realtime: user.client,
    page,
    me,
    onEditors: (others) => (seen.others = others),
    onStatus: (status) => (seen.status = status),
  })
  joined.push(presence)
  return { me, seen, presence }
}

describe('edit presence', () => {
  it('should show two staff editors of a page to each other, and one leaving', async () => {
    const page = `/fields-${Math.random().toString(36).slice(2)}`
    const jordan = await editor('Jordan', page)
    const pat = await editor('Pat', page)
    await eventually(() => jordan.seen.others.length === 1, 'Jordan seeing Pat')
    await eventually(() => pat.seen.others.length === 1, 'Pat seeing Jordan')

    expect(jordan.seen.status).toBe('joined')
    expect(jordan.seen.others[0]).toMatchObject({ id: pat.me.id, name: 'Pat', initials: 'P' })
    expect(pat.seen.others[0]).toMatchObject({ id: jordan.me.id, name: 'Jordan' })

    pat.presence.leave()
    await eventually(() => jordan.seen.others.length === 0, 'Pat leaving')
  })

  it('should share the field an editor is in, set before or after the join, and cleared', async () => {
    const page = `/admin/alerts-${Math.random().toString(36).slice(2)}`
    const jordan = await editor('Jordan', page)
    jordan.presence.setField('Title')
    const pat = await editor('Pat', page)
    await eventually(() => pat.seen.others[0]?.field === 'Title', 'Pat seeing Jordan in Title')
    jordan.presence.setField('Message')
    await eventually(() => pat.seen.others[0]?.field === 'Message', 'Jordan moving to Message')
    jordan.presence.setField(undefined)
    await eventually(
      () => pat.seen.others.length === 1 && pat.seen.others[0]?.field === undefined,
      'Jordan in no field',
    )
    expect(jordan.seen.others).toEqual([expect.objectContaining({ name: 'Pat' })])
    expect(jordan.seen.others[0]).not.toHaveProperty('field')
  })

  it('should keep editors of other pages apart', async () => {
    const pageA = `/a-${Math.random()}`
    const pageB = `/b-${Math.random()}`
    const jordan = await editor('Jordan', pageA)
    const pat = await editor('Pat', pageB)
    await eventually(() => jordan.seen.status === 'joined' && pat.seen.status === 'joined', 'both')
    // A later editor of each page reaches both: the channels deliver, and Pat's join (made
    // before) would have arrived before it. Only then is Pat's absence from A worth checking.
    const sam = await editor('Sam', pageA)
    const lee = await editor('Lee', pageB)
    await eventually(() => jordan.seen.others.some((o) => o.id === sam.me.id), 'Jordan seeing Sam')
    await eventually(() => pat.seen.others.some((o) => o.id === lee.me.id), 'Pat seeing Lee')
    expect(jordan.seen.others.map((o) => o.name)).toEqual(['Sam'])
    expect(pat.seen.others.map((o) => o.name)).toEqual(['Lee'])
  })

  it('should refuse a signed-in user who is not staff', async () => {
    const page = `/fields-${Math.random().toString(36).slice(2)}`
    const staff = await editor('Jordan', page)
    const member = await editor('Member', page, { staff: false })
    await eventually(() => member.seen.status === 'unavailable', 'the refusal')
    await eventually(() => staff.seen.status === 'joined', 'the staff join')
    // A staff editor joining after the member reaches Jordan: the member never did.
    const pat = await editor('Pat', page)
    await eventually(() => staff.seen.others.some((o) => o.id === pat.me.id), 'Jordan seeing Pat')
    expect(staff.seen.others.map((o) => o.name)).toEqual(['Pat'])
  })

  it('should rejoin a page it just left without losing its presence', async () => {
    const page = `/fields-${Math.random().toString(36).slice(2)}`
    const jordan = await editor('Jordan', page)
    const pat = await editor('Pat', page)
    await eventually(() => jordan.seen.others.length === 1, 'Pat present')
    const user = clients.at(-1)!
    // As a remount does: leave, then join the same page at once.
    pat.presence.leave()
    const statuses: PresenceStatus[] = []
    const again = joinEditPresence({
      realtime: user,
      page,
      me: pat.me,
      onEditors: () => {},
      onStatus: (status) => statuses.push(status),
    })
    joined.push(again)
    await eventually(() => statuses.includes('joined'), 'the rejoin')
    await eventually(() => jordan.seen.others.length === 1, 'Pat present again')
    // Pat's leave was sent before the rejoin; once an editor who joins later is seen, it has
    // been delivered too, and Pat is still there.
    const sam = await editor('Sam', page)
    await eventually(() => jordan.seen.others.some((o) => o.id === sam.me.id), 'Jordan seeing Sam')
    expect(jordan.seen.others.map((o) => o.name).sort()).toEqual(['Pat', 'Sam'])
  })
})
