/**
 * The rules of public.form_submissions (supabase/migrations), over raw HTTP and the
 * unmodified supabase-js as each kind of caller: anyone sends, nobody but staff reads,
 * only staff change a status, and the database enforces sizes, the honeypot and the
 * rate limits (3 per sender email per 10 minutes, 30 overall per minute).
 */
import { randomUUID } from 'node:crypto'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { isHosted, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Stored = {
  id: string
  kind: string
  name: string
  email: string
  phone: string | null
  message: string
  program: string | null
  website: string
  status: string
  created_at: string
  status_changed_at: string | null
  status_changed_by: string | null
}

type ErrorBody = { code: string; message: string; details: string | null; hint: string | null }

describe('form submissions', () => {
  let h: Harness
  let staff: SupabaseClient
  let staffId: string
  let member: SupabaseClient
  /** Every address this run sends from is on this domain, so cleaning up touches nothing else. */
  const domain = `forms-${randomUUID().slice(0, 8)}.example.test`
  const address = (label = 'sender') => `${label}-${randomUUID().slice(0, 8)}@${domain}`

  const contact = (overrides: Record<string, unknown> = {}) => ({
    kind: 'contact',
    name: 'Pat Parent',
    email: address(),
    phone: null,
    message: 'When do spring tryouts start?',
    program: null,
    website: '',
    ...overrides,
  })

  /** A POST the way a plain HTML client would send it: the anon key, no row back. */
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${h.url}/rest/v1/form_submissions`, {
      method: 'POST',
      headers: {
        apikey: h.anonKey,
        'content-type': 'application/json',
        prefer: 'return=minimal',
        ...headers,
      },
      body: JSON.stringify(body),
    })

  const storedByEmail = async (email: string) => {
    const { data, error } = await h.service.from('form_submissions').select().eq('email', email)
    expect(error).toBeNull()
    return (data ?? []) as Stored[]
  }

  /** Sends as anon through supabase-js and returns the stored row. */
  async function sendOne(overrides: Record<string, unknown> = {}): Promise<Stored> {
    const row = contact(overrides)
    const { error, status } = await h.anon.from('form_submissions').insert(row)
    expect(error).toBeNull()
    expect(status).toBe(201)
    const [stored] = await storedByEmail(String(row.email))
    if (!stored) throw new Error('the submission was not stored')
    return stored
  }

  beforeAll(async () => {
    h = await startHarness()
    const signedIn = await h.signedInUser({ staff: true })
    staff = signedIn.client
    staffId = signedIn.id
    member = (await h.signedInUser()).client
  })
  afterEach(async () => {
    // Rows of one test must not count against the next one's rate limits.
    await h.service.from('form_submissions').delete().like('email', `%@${domain}`)
  })
  afterAll(async () => {
    await h.stop()
  })

  it('should store an anonymous contact message sent over raw HTTP, answering 201 with no body', async () => {
    const email = address()
    const res = await post(contact({ email, name: '  Pat Parent  ', phone: ' ' }))
    expect(res.status).toBe(201)
    expect(await res.text()).toBe('')
    const [row] = await storedByEmail(email)
    expect(row).toMatchObject({
      kind: 'contact',
      name: 'Pat Parent',
      phone: null,
      message: 'When do spring tryouts start?',
      program: null,
      website: '',
      status: 'new',
      status_changed_at: null,
      status_changed_by: null,
    })
    expect(Date.now() - Date.parse(String(row?.created_at))).toBeLessThan(60_000)
  })

  it("should accept supabase-js's plain insert() from anon and from a signed-in member", async () => {
    const fromAnon = await h.anon.from('form_submissions').insert(
      contact({
        kind: 'registration-interest',
        program: 'tee-ball',
        message: '',
        phone: '+1 (301) 555-0100',
      }),
    )
    expect(fromAnon.error).toBeNull()
    expect(fromAnon.status).toBe(201)
    expect(fromAnon.data).toBeNull()
    const email = address('member')
    const fromMember = await member.from('form_submissions').insert(contact({ email }))
    expect(fromMember.error).toBeNull()
    expect(fromMember.status).toBe(201)
    expect(await storedByEmail(email)).toHaveLength(1)
  })

  it('should refuse an anonymous read with 401 and 42501, over raw HTTP and supabase-js', async () => {
    await sendOne()
    const res = await fetch(`${h.url}/rest/v1/form_submissions?select=*`, {
      headers: { apikey: h.anonKey },
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as ErrorBody).code).toBe('42501')
    const read = await h.anon.from('form_submissions').select('id, email, message')
    expect(read.status).toBe(401)
    expect(read.error?.code).toBe('42501')
    expect(read.data).toBeNull()
  })

  it('should refuse an anonymous insert that asks for the row back, and store nothing', async () => {
    const email = address()
    const res = await post(contact({ email }), { prefer: 'return=representation' })
    expect(res.status).toBe(401)
    expect(((await res.json()) as ErrorBody).code).toBe('42501')
    const chained = await h.anon.from('form_submissions').insert(contact({ email })).select()
    expect(chained.status).toBe(401)
    expect(await storedByEmail(email)).toEqual([])
  })

  it('should show a signed-in member who is not staff no rows at all', async () => {
    const stored = await sendOne()
    const { data, error, status } = await member.from('form_submissions').select()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([])
    const one = await member.from('form_submissions').select().eq('id', stored.id)
    expect(one.data).toEqual([])
  })

  it('should refuse a sender naming the status, id or time of a new row', async () => {
    const email = address()
    for (const extra of [
      { status: 'archived' },
      { id: randomUUID() },
      { created_at: '2000-01-01T00:00:00Z' },
    ]) {
      const res = await post(contact({ email, ...extra }))
      expect(res.status).toBe(401)
      expect(((await res.json()) as ErrorBody).code).toBe('42501')
      const asMember = await member.from('form_submissions').insert(contact({ email, ...extra }))
      expect(asMember.status).toBe(403)
      expect(asMember.error?.code).toBe('42501')
    }
    expect(await storedByEmail(email)).toEqual([])
  })

  it('should not let a signed-in member change a status, edit or delete a submission', async () => {
    const stored = await sendOne()
    const status = await member
      .from('form_submissions')
      .update({ status: 'archived' })
      .eq('id', stored.id)
    expect(status.error).toBeNull()
    expect(status.status).toBe(204)
    const edit = await member.from('form_submissions').update({ message: 'x' }).eq('id', stored.id)
    expect(edit.status).toBe(403)
    expect(edit.error?.code).toBe('42501')
    const removed = await member.from('form_submissions').delete().eq('id', stored.id)
    expect(removed.error).toBeNull()
    const anonStatus = await h.anon
      .from('form_submissions')
      .update({ status: 'archived' })
      .eq('id', stored.id)
    expect(anonStatus.status).toBe(401)
    const [after] = await storedByEmail(stored.email)
    expect(after).toMatchObject({ status: 'new', message: stored.message })
  })

  it('should let staff read submissions and move one from new to read to archived', async () => {
    const stored = await sendOne()
    const list = await staff.from('form_submissions').select().eq('id', stored.id)
    expect(list.error).toBeNull()
    expect(list.data).toEqual([stored])

    const read = await staff
      .from('form_submissions')
      .update({ status: 'read' })
      .eq('id', stored.id)
      .select('status, status_changed_by, status_changed_at')
      .single()
    expect(read.error).toBeNull()
    expect(read.data).toMatchObject({ status: 'read', status_changed_by: staffId })
    expect(read.data?.status_changed_at).not.toBeNull()

    const archived = await staff
      .from('form_submissions')
      .update({ status: 'archived' })
      .eq('id', stored.id)
    expect(archived.status).toBe(204)
    const [after] = await storedByEmail(stored.email)
    expect(after?.status).toBe('archived')

    const unknown = await staff
      .from('form_submissions')
      .update({ status: 'deleted' })
      .eq('id', stored.id)
    expect(unknown.status).toBe(400)
    expect(unknown.error?.code).toBe('23514')
  })

  it('should let staff change only the status, and delete a submission', async () => {
    const stored = await sendOne()
    const edit = await staff
      .from('form_submissions')
      .update({ message: 'rewritten' })
      .eq('id', stored.id)
    expect(edit.status).toBe(403)
    expect(edit.error?.code).toBe('42501')
    const removed = await staff.from('form_submissions').delete().eq('id', stored.id)
    expect(removed.error).toBeNull()
    expect(removed.status).toBe(204)
    expect(await storedByEmail(stored.email)).toEqual([])
  })

  it('should refuse oversized or malformed fields with 400, 23514 and the rule it broke', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ message: 'x'.repeat(5001) }, 'form_submissions_message_length'],
      [{ name: 'n'.repeat(101) }, 'form_submissions_name_length'],
      [{ name: '   ' }, 'form_submissions_name_length'],
      [{ name: 'Pat\u0007Parent' }, 'form_submissions_name_plain'],
      [{ email: 'not-an-email' }, 'form_submissions_email_format'],
      [{ email: `${'a'.repeat(250)}@${domain}` }, 'form_submissions_email_format'],
      [{ phone: 'call me maybe' }, 'form_submissions_phone_format'],
      [{ message: '   ' }, 'form_submissions_message_required'],
      [{ program: 'tee-ball' }, 'form_submissions_program_slug'],
      [
        { kind: 'registration-interest', program: '../../etc/passwd' },
        'form_submissions_program_slug',
      ],
      [{ kind: 'newsletter' }, 'form_submissions_kind'],
      // 5,000 characters that take four bytes each: within the length, over the byte cap.
      [{ message: '\u{1F600}'.repeat(5000) }, 'form_submissions_total_size'],
    ]
    for (const [overrides, rule] of cases) {
      const row = contact(overrides)
      const res = await post(row)
      const body = (await res.json()) as ErrorBody
      expect({ rule, status: res.status, code: body.code }).toEqual({
        rule,
        status: 400,
        code: '23514',
      })
      expect(body.message).toContain(rule)
    }
    const viaClient = await h.anon
      .from('form_submissions')
      .insert(contact({ message: 'x'.repeat(5001) }))
    expect(viaClient.status).toBe(400)
    expect(viaClient.error?.message).toContain('form_submissions_message_length')
    const { count } = await h.service
      .from('form_submissions')
      .select('id', { count: 'exact', head: true })
      .like('email', `%@${domain}`)
    expect(count).toBe(0)
  })

  it('should answer a filled honeypot like any other send and store nothing', async () => {
    const email = address('bot')
    const res = await post(contact({ email, website: 'https://spam.example' }))
    expect(res.status).toBe(201)
    expect(await res.text()).toBe('')
    const viaClient = await h.anon
      .from('form_submissions')
      .insert(contact({ email, website: 'https://spam.example' }))
    expect(viaClient.error).toBeNull()
    expect(viaClient.status).toBe(201)
    expect(await storedByEmail(email)).toEqual([])
  })

  it('should accept 3 messages per sender email in 10 minutes and refuse the 4th with 429', async () => {
    const email = address('busy')
    for (let i = 0; i < 3; i++) {
      const res = await post(contact({ email, message: `Message ${i + 1}` }))
      expect(res.status).toBe(201)
    }
    const refused = await post(contact({ email, message: 'Message 4' }))
    expect(refused.status).toBe(429)
    const body = (await refused.json()) as ErrorBody
    expect(body.code).toBe('PT429')
    expect(body.message).toBe(
      'Too many messages from this email address. Please wait a few minutes and try again.',
    )
    const detail = JSON.parse(body.details ?? '{}') as Record<string, unknown>
    expect(detail.limit).toBe('sender')
    expect(detail.retry_after_seconds).toBeGreaterThan(500)
    expect(detail.retry_after_seconds).toBeLessThanOrEqual(600)

    // The same address in other letter case and with spaces is the same sender.
    const variant = await h.anon
      .from('form_submissions')
      .insert(contact({ email: `  ${email.toUpperCase()} ` }))
    expect(variant.status).toBe(429)
    expect(variant.error?.code).toBe('PT429')
    expect(await storedByEmail(email)).toHaveLength(3)

    const other = await post(contact())
    expect(other.status).toBe(201)
  })

  it('should accept 30 messages a minute in all and refuse the next with 429', async () => {
    let accepted = 0
    let refused: Response | undefined
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await post(contact({ message: `Message ${i + 1}` }))
      if (res.status === 201) accepted++
      else refused = res
    }
    // Against a hosted project other traffic may share the minute; locally only this suite sends.
    if (!isHosted) expect(accepted).toBe(30)
    expect(refused?.status).toBe(429)
    const body = (await refused?.json()) as ErrorBody
    expect(body.code).toBe('PT429')
    expect(body.message).toBe(
      'The club is receiving a lot of messages right now. Please try again in a minute.',
    )
    const detail = JSON.parse(body.details ?? '{}') as Record<string, unknown>
    expect(detail.limit).toBe('overall')
    expect(detail.retry_after_seconds).toBeLessThanOrEqual(60)
  })
})
