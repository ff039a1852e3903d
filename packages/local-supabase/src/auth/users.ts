import { randomUUID } from 'node:crypto'

import type { Tx } from '../db/database.ts'
import { unprocessable } from './errors.ts'

/** A JSON object as stored in the metadata columns. */
export type Json = Record<string, unknown>

/** The `auth.users` columns the service reads. */
export type UserRow = {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  phone: string | null
  phone_confirmed_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  confirmed_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  reauthentication_token: string | null
  email_change: string | null
  email_change_token_new: string | null
  email_change_token_current: string | null
  email_change_sent_at: Date | null
  phone_change: string | null
  phone_change_sent_at: Date | null
  reauthentication_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Json | null
  raw_user_meta_data: Json | null
  created_at: Date | null
  updated_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  is_anonymous: boolean
}

export type IdentityRow = {
  id: string
  provider_id: string
  user_id: string
  identity_data: Json
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

/** An `auth.mfa_factors` row (the columns a TOTP factor uses). */
export type FactorRow = {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: 'unverified' | 'verified'
  created_at: Date
  updated_at: Date
  secret: string | null
  phone: string | null
  last_challenged_at: Date | null
}

/** A user with its identities and MFA factors, as GoTrue loads it (eagerly) for responses. */
export type User = UserRow & { identities: IdentityRow[]; factors: FactorRow[] }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

async function withIdentities(tx: Tx, row: UserRow | undefined): Promise<User | undefined> {
  if (!row) return undefined
  const identities = await tx.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, id',
    [row.id],
  )
  return { ...row, identities: identities.rows, factors: await loadFactors(tx, [row.id]) }
}

/** The MFA factors of some users, oldest first. */
export async function loadFactors(tx: Tx, userIds: string[]): Promise<FactorRow[]> {
  if (userIds.length === 0) return []
  const factors = await tx.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status,
       created_at, updated_at, secret, phone, last_challenged_at
     from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at, id`,
    [userIds],
  )
  return factors.rows
}

export async function findUserById(tx: Tx, id: string): Promise<User | undefined> {
  if (!isUuid(id)) return undefined
  const result = await tx.query<UserRow>('select * from auth.users where id = $1', [id])
  return withIdentities(tx, result.rows[0])
}

/** Looks a user up by (lower-cased) email; SSO users have their own namespace, as in GoTrue. */
export async function findUserByEmail(tx: Tx, email: string): Promise<User | undefined> {
  const result = await tx.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and is_sso_user = false order by created_at limit 1',
    [email],
  )
  return withIdentities(tx, result.rows[0])
}

export async function findUserByPhone(tx: Tx, phone: string): Promise<User | undefined> {
  const result = await tx.query<UserRow>('select * from auth.users where phone = $1 limit 1', [
    phone,
  ])
  return withIdentities(tx, result.rows[0])
}

/** Loads a user that must exist (just written in the same transaction). */
export async function reloadUser(tx: Tx, id: string): Promise<User> {
  const user = await findUserById(tx, id)
  if (!user) throw new Error(`user ${id} vanished inside its own transaction`)
  return user
}

export function isBanned(user: UserRow, now = new Date()): boolean {
  return user.banned_until !== null && user.banned_until > now
}

/** GoTrue's metadata update: keys are merged, and a null value removes its key. */
export function mergeMetadata(base: Json | null, updates: Json): Json {
  const merged: Json = { ...(base ?? {}) }
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined)

function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email || undefined,
  }
}

/** A factor as GoTrue's JSON shows it (`models.Factor`): never its secret. */
export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    status: factor.status,
    friendly_name: factor.friendly_name || undefined,
    factor_type: factor.factor_type,
    phone: factor.phone ?? '',
    last_challenged_at: factor.last_challenged_at ? factor.last_challenged_at.toISOString() : null,
  }
}

/**
 * The user JSON GoTrue sends (wire contract §2.2), keys in its order; optional
 * timestamps are left out when unset (JSON.stringify drops undefined).
 */
export function userJson(user: User) {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: iso(user.phone_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    // `omitempty` in GoTrue: absent when the user has no factor.
    factors: user.factors.length > 0 ? user.factors.map(factorJson) : undefined,
    identities: user.identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  }
}

/** What signup, admin create and magic-link sign-up need to create a user. */
export type NewUser = {
  id?: string
  /** Already validated and lower-cased. */
  email?: string
  /** Already validated (E.164 digits). */
  phone?: string
  /** A bcrypt hash, or '' for an account without a password. */
  passwordHash: string
  userMetadata: Json
  /** Merged over `{ provider, providers }`. */
  appMetadata?: Json
  role?: string
  emailConfirmed: boolean
  phoneConfirmed: boolean
  bannedUntil?: Date | null
  /**
   * Self sign-ups copy their identity claims (sub, email, email_verified, …) into
   * user_metadata and their data into the identity, as GoTrue does; admin creation does not.
   */
  selfSignup: boolean
}

/** Creates a user and its email/phone identities in one go: the one place users are born. */
export async function createUser(tx: Tx, input: NewUser): Promise<User> {
  const id = input.id ?? randomUUID()
  const providers = [...(input.email ? ['email'] : []), ...(input.phone ? ['phone'] : [])]
  const appMetadata = mergeMetadata({ provider: providers[0], providers }, input.appMetadata ?? {})
  let userMetadata: Json = { ...input.userMetadata }

  const identities: { provider: string; data: Json }[] = []
  const claims = (extra: Json): Json => ({
    sub: id,
    ...extra,
    email_verified: false,
    phone_verified: false,
  })
  if (input.email) identities.push({ provider: 'email', data: claims({ email: input.email }) })
  if (input.phone) identities.push({ provider: 'phone', data: claims({ phone: input.phone }) })
  if (input.selfSignup) {
    for (const identity of identities) {
      identity.data = { ...input.userMetadata, ...identity.data }
      userMetadata = mergeMetadata(userMetadata, identity.data)
    }
  }
  if (input.emailConfirmed) userMetadata.email_verified = true

  await tx.query(
    `insert into auth.users (id, instance_id, aud, role, email, phone, encrypted_password,
       email_confirmed_at, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, banned_until,
       is_anonymous, created_at, updated_at)
     values ($1, '00000000-0000-0000-0000-000000000000', 'authenticated', $2, $3, $4, $5,
       case when $6::boolean then now() end, case when $7::boolean then now() end,
       $8::jsonb, $9::jsonb, $10, false, now(), now())`,
    [
      id,
      input.role || 'authenticated',
      input.email ?? null,
      input.phone ?? null,
      input.passwordHash,
      input.emailConfirmed,
      input.phoneConfirmed,
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
      input.bannedUntil ?? null,
    ],
  )
  for (const identity of identities) {
    await insertIdentity(tx, id, identity.provider, identity.data)
  }
  return reloadUser(tx, id)
}

export async function insertIdentity(
  tx: Tx,
  userId: string,
  provider: string,
  data: Json,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [userId, userId, JSON.stringify(data), provider],
  )
}

/** Columns `updateUser` may set; the names are fixed here, the values are always bound. */
export type UserChanges = Partial<{
  email: string | null
  phone: string | null
  encrypted_password: string
  email_confirmed_at: Date | null
  phone_confirmed_at: Date | null
  raw_app_meta_data: Json
  raw_user_meta_data: Json
  role: string
  banned_until: Date | null
  last_sign_in_at: Date
  recovery_token: string
  recovery_sent_at: Date | null
  reauthentication_token: string
  reauthentication_sent_at: Date | null
  confirmation_token: string
  confirmation_sent_at: Date | null
  invited_at: Date | null
  email_change: string
  email_change_token_new: string
  email_change_token_current: string
  email_change_sent_at: Date | null
  is_anonymous: boolean
  deleted_at: Date | null
}>

const JSON_COLUMNS = new Set(['raw_app_meta_data', 'raw_user_meta_data'])
const UPDATABLE = new Set([
  'email',
  'phone',
  'encrypted_password',
  'email_confirmed_at',
  'phone_confirmed_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'role',
  'banned_until',
  'last_sign_in_at',
  'recovery_token',
  'recovery_sent_at',
  'reauthentication_token',
  'reauthentication_sent_at',
  'confirmation_token',
  'confirmation_sent_at',
  'invited_at',
  'email_change',
  'email_change_token_new',
  'email_change_token_current',
  'email_change_sent_at',
  'is_anonymous',
  'deleted_at',
])

/** Writes the given columns (and `updated_at`) of one user. */
export async function updateUser(tx: Tx, id: string, changes: UserChanges): Promise<void> {
  const sets: string[] = []
  const values: unknown[] = [id]
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue
    if (!UPDATABLE.has(column)) throw new Error(`column ${column} is not updatable`)
    values.push(JSON_COLUMNS.has(column) ? JSON.stringify(value) : value)
    sets.push(`${column} = $${values.length}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`)
  }
  if (sets.length === 0) return
  await tx.query(
    `update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`,
    values,
  )
}

/**
 * Points the user's `provider` identity at a new email or phone, creating the
 * identity when the user had none, and keeps `app_metadata.providers` in step.
 */
export async function setIdentityContact(
  tx: Tx,
  user: User,
  provider: 'email' | 'phone',
  value: string,
  verified: boolean,
): Promise<void> {
  const existing = user.identities.find((identity) => identity.provider === provider)
  const verifiedKey = provider === 'email' ? 'email_verified' : 'phone_verified'
  if (existing) {
    const data = { ...existing.identity_data, [provider]: value, [verifiedKey]: verified }
    await tx.query(
      'update auth.identities set identity_data = $2::jsonb, updated_at = now() where id = $1',
      [existing.id, JSON.stringify(data)],
    )
    return
  }
  await insertIdentity(tx, user.id, provider, {
    sub: user.id,
    [provider]: value,
    email_verified: provider === 'email' && verified,
    phone_verified: provider === 'phone' && verified,
  })
  const providers = [
    ...new Set([...user.identities.map((identity) => identity.provider), provider]),
  ]
  await updateUser(tx, user.id, {
    raw_app_meta_data: { ...user.raw_app_meta_data, provider: providers[0], providers },
  })
}

/** Refuses an email another account already uses (422 `email_exists`). */
export async function assertEmailFree(tx: Tx, email: string, self?: User): Promise<void> {
  const other = await findUserByEmail(tx, email)
  if (other && other.id !== self?.id) {
    throw unprocessable(
      'email_exists',
      'A user with this email address has already been registered',
    )
  }
}

/** Refuses a phone number another account already uses (422 `phone_exists`). */
export async function assertPhoneFree(tx: Tx, phone: string, self: User): Promise<void> {
  const other = await findUserByPhone(tx, phone)
  if (other && other.id !== self.id) {
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered')
  }
}

/** Refuses a new email or phone for `user` that another account already uses; unchanged ones pass. */
export async function assertContactsFree(
  tx: Tx,
  user: User,
  contacts: { email: string | undefined; phone: string | undefined },
): Promise<void> {
  if (contacts.email && contacts.email !== user.email)
    await assertEmailFree(tx, contacts.email, user)
  if (contacts.phone && contacts.phone !== user.phone)
    await assertPhoneFree(tx, contacts.phone, user)
}
