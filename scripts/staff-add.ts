// `pnpm staff:add EMAIL [--password PW] [--remove | --reset-mfa]`
//
// Puts a user on the staff list, public.admin_users, as a director (or takes them off it).
// Signing up never grants editing rights; directors invite staff from the admin's Staff
// screen, and this command, run by someone holding the service-role key, is how the first
// director (or a way back in) is made. With --password, a user that does not exist yet is
// created (confirmed). The last director cannot be removed (the database refuses it).
// With --reset-mfa, the user's second factors are removed instead (a lost phone): they sign in
// with their password and set up two-factor sign-in again in Profile. This is the last
// director's way back when nobody else can reset them from the Staff screen.
//
// Target: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or the local backend by default.
import { parseArgs } from 'node:util'

import { createClient } from '@supabase/supabase-js'

import { DEFAULT_SERVICE_ROLE_KEY } from '@club/local-supabase'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    password: { type: 'string' },
    remove: { type: 'boolean', default: false },
    'reset-mfa': { type: 'boolean', default: false },
  },
})
const resetMfa = values['reset-mfa']
const email = positionals[0]?.trim().toLowerCase()
if (!email || !email.includes('@')) {
  console.error('Usage: pnpm staff:add EMAIL [--password PASSWORD] [--remove | --reset-mfa]')
  process.exit(2)
}

const url = process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321'
const key = process.env.SUPABASE_SERVICE_ROLE_KEY ?? DEFAULT_SERVICE_ROLE_KEY
const admin = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } })

async function findUser(address: string) {
  for (let page = 1; ; page++) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 200 })
    if (error) throw new Error(`Could not list users at ${url}: ${error.message}`)
    const user = data.users.find((u) => u.email?.toLowerCase() === address)
    if (user) return user
    if (data.users.length < 200) return undefined
  }
}

try {
  let user = await findUser(email)
  if (!user && values.password && !values.remove && !resetMfa) {
    const created = await admin.auth.admin.createUser({
      email,
      password: values.password,
      email_confirm: true,
    })
    if (created.error) throw new Error(`Could not create ${email}: ${created.error.message}`)
    user = created.data.user
    console.log(`Created the account ${email}.`)
  }
  if (!user) {
    console.error(
      `No account for ${email} at ${url}. Ask them to sign up first, or pass --password to create it.`,
    )
    process.exit(1)
  }
  if (resetMfa) {
    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.id })
    if (listed.error) throw new Error(`Could not read the factors: ${listed.error.message}`)
    for (const factor of listed.data.factors) {
      const { error } = await admin.auth.admin.mfa.deleteFactor({ id: factor.id, userId: user.id })
      if (error) throw new Error(`Could not remove a factor: ${error.message}`)
    }
    console.log(
      `${email} has no second factor now (${listed.data.factors.length} removed): they sign in with their password and can set up two-factor sign-in again in Profile.`,
    )
  } else if (values.remove) {
    const { error } = await admin.from('admin_users').delete().eq('user_id', user.id)
    if (error) throw new Error(error.message)
    console.log(`${email} is no longer staff.`)
  } else {
    // A director: an editor already on the list is made one too.
    const { error } = await admin
      .from('admin_users')
      .upsert({ user_id: user.id, role: 'director' }, { onConflict: 'user_id' })
    if (error) throw new Error(error.message)
    console.log(`${email} is now a director and can edit the site, Staff and Settings.`)
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
