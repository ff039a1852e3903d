/**
 * Staff roles (supabase/migrations/*_staff_roles.sql, *_staff_invitations.sql; issue 34 §2):
 * directors do everything, editors the site's content but not Settings, the staff list or the
 * reminders; the last director stays; an invitation makes staff only once its invitee accepts.
 * Driven by the unmodified supabase-js over real HTTP, forged requests included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isHosted, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Signed = Awaited<ReturnType<Harness['signedInUser']>>

describe.skipIf(isHosted)('staff roles', () => {
  let h: Harness
  let director: Signed
  let editor: Signed

  async function makeEditor(): Promise<Signed> {
    const user = await h.signedInUser()
    const { error } = await h.service
      .from('admin_users')
      .insert({ user_id: user.id, role: 'editor' })
    expect(error).toBeNull()
    return user
  }

  async function save(who: Signed, key: string, value: unknown) {
    const { data: stored } = await h.service
      .from('website_content')
      .select('version')
      .eq('key', key)
      .maybeSingle()
    return who.client
      .from('website_content')
      .upsert(
        { key, value, base_version: (stored as { version: number } | null)?.version ?? 0 },
        { onConflict: 'key' },
      )
      .select('key')
  }

  beforeAll(async () => {
    h = await startHarness()
    director = await h.signedInUser({ staff: true })
    editor = await makeEditor()
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('should tell each account its role, and make the seeded login and staff added without one directors', async () => {
    expect((await director.client.rpc('staff_role')).data).toBe('director')
    expect((await editor.client.rpc('staff_role')).data).toBe('editor')
    expect((await editor.client.rpc('is_admin')).data).toBe(true)
    expect((await editor.client.rpc('is_director')).data).toBe(false)
    const member = await h.signedInUser()
    expect((await member.client.rpc('staff_role')).data).toBeNull()
    const seeded = await h.service
      .from('admin_users')
      .select('role')
      .eq('user_id', '00000000-0000-4000-8000-000000000001')
      .single()
    expect(seeded.data).toEqual({ role: 'director' })
  })

  it("should let an editor save the site's content but refuse their forged writes to Settings and the profile", async () => {
    for (const key of ['alerts', 'clinics', 'teams', 'fieldsContent', 'photoLibrary']) {
      const { data, error } = await save(editor, key, [])
      expect(error, key).toBeNull()
      expect(data).toEqual([{ key }])
    }
    for (const key of ['adminSettings', 'adminProfile', 'adminReminders']) {
      const { error } = await save(editor, key, { forged: true })
      expect(error?.code, key).toBe('42501')
      const { data: stored } = await h.service
        .from('website_content')
        .select('value')
        .eq('key', key)
        .maybeSingle()
      expect(JSON.stringify(stored ?? null)).not.toContain('forged')
      // …and deleting them is no way round.
      expect((await save(director, key, { by: 'the director' })).error).toBeNull()
      const removed = await editor.client.from('website_content').delete().eq('key', key).select()
      expect(removed.data).toEqual([])
      const still = await h.service.from('website_content').select('key').eq('key', key)
      expect(still.data).toEqual([{ key }])
    }
  })

  it('should let a director write Settings, the profile and the reminders', async () => {
    for (const key of ['adminSettings', 'adminProfile', 'adminReminders']) {
      const { data, error } = await save(director, key, { by: 'the director' })
      expect(error, key).toBeNull()
      expect(data).toEqual([{ key }])
    }
  })

  it("should not show an editor the director's reminders, nor their revisions", async () => {
    await save(director, 'adminReminders', [{ id: 'r1', text: 'Call the umpires', dueDate: null }])
    await save(director, 'adminSettings', { notifications: {} })
    const asDirector = await director.client
      .from('website_content')
      .select('key')
      .eq('key', 'adminReminders')
    expect(asDirector.data).toEqual([{ key: 'adminReminders' }])
    const asEditor = await editor.client
      .from('website_content')
      .select('key')
      .in('key', ['adminReminders', 'adminSettings'])
    expect(asEditor.error).toBeNull()
    expect(asEditor.data).toEqual([{ key: 'adminSettings' }])
    const revisions = await editor.client
      .from('content_revisions')
      .select('key')
      .eq('key', 'adminReminders')
    expect(revisions.error).toBeNull()
    expect(revisions.data).toEqual([])
    const directorRevisions = await director.client
      .from('content_revisions')
      .select('key')
      .eq('key', 'adminReminders')
    expect(directorRevisions.data?.length).toBeGreaterThan(0)
  })

  it('should refuse an editor every write to the staff list, and let a director add and change roles', async () => {
    const other = await h.signedInUser()
    const added = await editor.client
      .from('admin_users')
      .insert({ user_id: other.id, role: 'director' })
    expect(added.error?.code).toBe('42501')
    const promoted = await editor.client
      .from('admin_users')
      .update({ role: 'director' })
      .eq('user_id', editor.id)
      .select()
    expect(promoted.data ?? []).toEqual([])
    expect((await editor.client.rpc('staff_role')).data).toBe('editor')
    const removed = await editor.client
      .from('admin_users')
      .delete()
      .eq('user_id', director.id)
      .select()
    expect(removed.data ?? []).toEqual([])
    // An editor sees only their own row, and not the staff list's details.
    const listed = await editor.client.from('admin_users').select('user_id')
    expect(listed.data).toEqual([{ user_id: editor.id }])
    expect((await editor.client.rpc('staff_members')).error?.code).toBe('42501')

    const byDirector = await director.client
      .from('admin_users')
      .insert({ user_id: other.id, role: 'editor' })
      .select('role')
    expect(byDirector.error).toBeNull()
    expect((await other.client.rpc('staff_role')).data).toBe('editor')
    const changed = await director.client
      .from('admin_users')
      .update({ role: 'director' })
      .eq('user_id', other.id)
      .select('role')
    expect(changed.data).toEqual([{ role: 'director' }])
    const members = await director.client.rpc('staff_members')
    expect(members.error).toBeNull()
    const rows = members.data as { email: string; role: string; two_factor: boolean }[]
    expect(rows).toContainEqual(
      expect.objectContaining({ email: other.email, role: 'director', two_factor: false }),
    )
    expect(rows).toContainEqual(expect.objectContaining({ email: editor.email, role: 'editor' }))
    const gone = await director.client.from('admin_users').delete().eq('user_id', other.id).select()
    expect(gone.data).toHaveLength(1)
    expect((await other.client.rpc('staff_role')).data).toBeNull()
  })

  it('should refuse to remove or demote the last director, whoever asks', async () => {
    const { local } = h
    // Only one director left on this server: the seeded login and the suite's director are
    // two, so the seeded one is made an editor first (allowed: another director remains).
    const seeded = await h.service
      .from('admin_users')
      .update({ role: 'editor' })
      .eq('user_id', '00000000-0000-4000-8000-000000000001')
      .select('role')
    expect(seeded.error).toBeNull()
    expect(local).toBeDefined()
    const { data: directors } = await h.service
      .from('admin_users')
      .select('user_id')
      .eq('role', 'director')
    expect(directors).toEqual([{ user_id: director.id }])

    const demoted = await director.client
      .from('admin_users')
      .update({ role: 'editor' })
      .eq('user_id', director.id)
    expect(demoted.error?.code).toBe('PT409')
    expect(demoted.error?.message).toContain('The last director cannot be removed')
    const removed = await director.client.from('admin_users').delete().eq('user_id', director.id)
    expect(removed.error?.code).toBe('PT409')
    const byService = await h.service.from('admin_users').delete().eq('user_id', director.id)
    expect(byService.error?.code).toBe('PT409')
    expect((await director.client.rpc('staff_role')).data).toBe('director')

    // With a second director, the first may step down.
    const promoted = await h.service
      .from('admin_users')
      .update({ role: 'director' })
      .eq('user_id', '00000000-0000-4000-8000-000000000001')
    expect(promoted.error).toBeNull()
    const stepDown = await director.client
      .from('admin_users')
      .update({ role: 'editor' })
      .eq('user_id', director.id)
      .select('role')
    expect(stepDown.data).toEqual([{ role: 'editor' }])
    await h.service.from('admin_users').update({ role: 'director' }).eq('user_id', director.id)
  })

  it('should remove a member: off the staff list, sessions ended, refresh refused, saves refused, revisions keep their email', async () => {
    const coach = await makeEditor()
    expect((await save(coach, 'quickLinks', [])).error).toBeNull()
    expect(
      (await coach.client.rpc('remove_staff_member', { member: director.id })).error?.code,
    ).toBe('42501')
    expect(
      (await director.client.rpc('remove_staff_member', { member: director.id })).error?.message,
    ).toBe('You cannot remove yourself. Ask another director to do it.')

    const removed = await director.client.rpc('remove_staff_member', { member: coach.id })
    expect(removed.error).toBeNull()
    expect(removed.data).toBe(1)
    expect(
      (await h.service.from('admin_users').select('user_id').eq('user_id', coach.id)).data,
    ).toEqual([])
    // The open session's next save is refused by the database…
    expect((await save(coach, 'quickLinks', [{ late: true }])).error?.code).toBe('42501')
    // …and its refresh token no longer works.
    const refreshed = await coach.client.auth.refreshSession()
    expect(refreshed.error?.message).toMatch(/Refresh Token|Session/i)
    // Their revisions keep their name.
    const revisions = await h.service
      .from('content_revisions')
      .select('saved_by_email')
      .eq('key', 'quickLinks')
      .eq('saved_by', coach.id)
    expect(revisions.data).toEqual([{ saved_by_email: coach.email }])
    expect(
      (await director.client.rpc('remove_staff_member', { member: coach.id })).error?.message,
    ).toBe('That person is not on the staff list.')
  })

  describe('the audit log', () => {
    type Entry = {
      action: string
      actor_email: string | null
      member_email: string | null
      detail: Record<string, unknown>
    }
    const entriesAbout = async (email: string) => {
      const { data, error } = await director.client
        .from('staff_audit_log')
        .select('action, actor_email, member_email, detail')
        .eq('member_email', email)
        .order('id')
      expect(error).toBeNull()
      return data as Entry[]
    }

    it('should record staff added, sign-ins, role changes and removals, for directors to read', async () => {
      const member = await h.signedInUser()
      expect(
        (await director.client.from('admin_users').insert({ user_id: member.id, role: 'editor' }))
          .error,
      ).toBeNull()
      const again = h.client()
      expect(
        (await again.auth.signInWithPassword({ email: member.email, password: member.password }))
          .error,
      ).toBeNull()
      await director.client
        .from('admin_users')
        .update({ role: 'director' })
        .eq('user_id', member.id)
      expect(
        (await director.client.rpc('remove_staff_member', { member: member.id })).error,
      ).toBeNull()

      expect(await entriesAbout(member.email)).toEqual([
        {
          action: 'added',
          actor_email: director.email,
          member_email: member.email,
          detail: { role: 'editor' },
        },
        { action: 'sign-in', actor_email: member.email, member_email: member.email, detail: {} },
        {
          action: 'role-changed',
          actor_email: director.email,
          member_email: member.email,
          detail: { from: 'editor', to: 'director' },
        },
        {
          action: 'removed',
          actor_email: director.email,
          member_email: member.email,
          detail: { role: 'director' },
        },
      ])
      // An editor reads none of it.
      const asEditor = await editor.client.from('staff_audit_log').select('id')
      expect(asEditor.error).toBeNull()
      expect(asEditor.data).toEqual([])
    })

    it("should record a staff account's wrong password through the auth service's hook, and nobody else's", async () => {
      const member = await makeEditor()
      const outsider = await h.signedInUser()
      for (const who of [member, outsider]) {
        const wrong = await h
          .client()
          .auth.signInWithPassword({ email: who.email, password: `${who.password}-wrong` })
        expect(wrong.error?.code).toBe('invalid_credentials')
      }
      // An address with no account: refused the same way, with nobody to record.
      const nobody = await h.client().auth.signInWithPassword({
        email: `nobody-${crypto.randomUUID()}@example.test`,
        password: 'x',
      })
      expect(nobody.error?.code).toBe('invalid_credentials')
      // The hook only records: the right password still signs in.
      const right = await h
        .client()
        .auth.signInWithPassword({ email: member.email, password: member.password })
      expect(right.error).toBeNull()

      expect(await entriesAbout(member.email)).toEqual([
        {
          action: 'added',
          actor_email: null,
          member_email: member.email,
          detail: { role: 'editor' },
        },
        { action: 'sign-in-failed', actor_email: null, member_email: member.email, detail: {} },
        { action: 'sign-in', actor_email: member.email, member_email: member.email, detail: {} },
      ])
      expect(await entriesAbout(outsider.email)).toEqual([])
      // Nobody but the auth service calls the hook.
      const forged = await editor.client.rpc('staff_password_verification_attempt', {
        event: { user_id: member.id, valid: false },
      })
      expect(forged.error).not.toBeNull()
      expect(
        (
          await h.service.rpc('staff_password_verification_attempt', {
            event: { user_id: member.id, valid: false },
          })
        ).error,
      ).not.toBeNull()
      expect(await entriesAbout(member.email)).toHaveLength(3)
    })

    it('should let nobody change or delete an entry, not even the service role', async () => {
      const { data } = await h.service.from('staff_audit_log').select('id').limit(1)
      expect(data).toHaveLength(1)
      const id = (data as { id: number }[])[0]!.id
      const edited = await director.client
        .from('staff_audit_log')
        .update({ action: 'removed' })
        .eq('id', id)
      expect(edited.error?.code).toBe('42501')
      const deleted = await director.client.from('staff_audit_log').delete().eq('id', id)
      expect(deleted.error?.code).toBe('42501')
      const byService = await h.service.from('staff_audit_log').delete().eq('id', id)
      expect(byService.error?.code).toBe('42501')
      const forged = await h.service.from('staff_audit_log').insert({ action: 'sign-in' })
      expect(forged.error?.code).toBe('42501')
      expect((await h.service.from('staff_audit_log').select('id').eq('id', id)).data).toHaveLength(
        1,
      )
    })
  })

  describe('invitations', () => {
    /** An invited account as the auth service leaves it: created, its address not yet confirmed. */
    async function invited(role: 'director' | 'editor', expiresAt?: string) {
      const email = `invitee-${crypto.randomUUID()}@example.test`
      const password = `pw-${crypto.randomUUID()}`
      const created = await h.service.auth.admin.createUser({ email, password })
      expect(created.error).toBeNull()
      const id = created.data.user!.id
      const { error } = await h.service.from('staff_invitations').insert({
        email,
        role,
        user_id: id,
        invited_by: director.id,
        ...(expiresAt ? { expires_at: expiresAt } : {}),
      })
      expect(error).toBeNull()
      return { email, password, id }
    }

    async function signIn(email: string, password: string) {
      const client = h.client()
      const { error } = await client.auth.signInWithPassword({ email, password })
      expect(error).toBeNull()
      return client
    }

    it('should show invitations to directors only, and let nobody but the service role write them', async () => {
      const invitee = await invited('editor')
      const asDirector = await director.client
        .from('staff_invitations')
        .select('email, role')
        .eq('email', invitee.email)
      expect(asDirector.data).toEqual([{ email: invitee.email, role: 'editor' }])
      const asEditor = await editor.client.from('staff_invitations').select('email')
      expect(asEditor.data).toEqual([])
      const forged = await director.client.from('staff_invitations').insert({
        email: 'someone@example.test',
        role: 'director',
        user_id: editor.id,
      })
      expect(forged.error?.code).toBe('42501')
    })

    it('should make the invitee staff only once they accept with a confirmed address, and only once', async () => {
      const invitee = await invited('editor')
      // Not yet staff: invited is not accepted.
      expect(
        (await h.service.from('admin_users').select('role').eq('user_id', invitee.id)).data,
      ).toEqual([])
      await h.service.auth.admin.updateUserById(invitee.id, { email_confirm: true })
      const client = await signIn(invitee.email, invitee.password)
      expect((await client.rpc('staff_role')).data).toBeNull()
      const accepted = await client.rpc('accept_staff_invitation')
      expect(accepted.error).toBeNull()
      expect(accepted.data).toBe('editor')
      expect((await client.rpc('staff_role')).data).toBe('editor')
      const row = await h.service
        .from('staff_invitations')
        .select('accepted_at')
        .eq('user_id', invitee.id)
        .single()
      expect(row.data?.accepted_at).toBeTruthy()
      // Used: removed from the staff, accepting again grants nothing.
      await h.service.from('admin_users').delete().eq('user_id', invitee.id)
      expect((await client.rpc('accept_staff_invitation')).data).toBeNull()
      expect((await client.rpc('staff_role')).data).toBeNull()
    })

    it('should refuse an expired invitation, and grant nothing to anyone else', async () => {
      const expired = await invited('director', new Date(Date.now() - 60_000).toISOString())
      await h.service.auth.admin.updateUserById(expired.id, { email_confirm: true })
      const late = await signIn(expired.email, expired.password)
      expect((await late.rpc('accept_staff_invitation')).data).toBeNull()
      expect((await late.rpc('staff_role')).data).toBeNull()

      const bystander = await h.signedInUser()
      expect((await bystander.client.rpc('accept_staff_invitation')).data).toBeNull()
      expect((await h.anon.rpc('accept_staff_invitation')).error).not.toBeNull()
    })
  })
})
