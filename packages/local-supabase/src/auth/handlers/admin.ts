import type { ServiceContext, ServiceRequest, ServiceResponse } from '../../http/types.ts'
import { storeAccountChange } from '../account-change.ts'
import type { IdentityContact } from '../account-change.ts'
import { badRequest, notFound, unprocessable } from '../errors.ts'
import { requireAdmin } from '../guard.ts'
import {
  boolParam,
  objectParam,
  optionalStringParam,
  readOptionalParams,
  readParams,
  stringParam,
} from '../request.ts'
import { endAllSessions } from '../sessions.ts'
import {
  assertEmailFree,
  createUser,
  findUserById,
  findUserByPhone,
  isUuid,
  loadFactors,
  mergeMetadata,
  updateUser,
  userJson,
} from '../users.ts'
import type { IdentityRow, User, UserChanges, UserRow } from '../users.ts'
import {
  checkPasswordStrength,
  hashPassword,
  parseBanDuration,
  validateContacts,
} from '../validate.ts'

const AUD = 'authenticated'

function positiveInt(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw badRequest('validation_failed', `Bad Pagination Parameters: invalid ${name} "${value}"`)
  }
  return Number(value)
}

/** `GET /admin/users?page&per_page[&filter]`: newest first, with `X-Total-Count` and `Link` like GoTrue. */
export async function listUsers(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  await requireAdmin(context, request)
  const query = request.url.searchParams
  const page = positiveInt(query.get('page'), 1, 'page')
  const perPage = positiveInt(query.get('per_page'), 50, 'per_page')
  const filter = query.get('filter') ?? ''
  const pattern = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

  const { users, total } = await context.db.runAsAdmin(async (tx) => {
    const where = `deleted_at is null and ($1 = '' or email ilike $2 or raw_user_meta_data ->> 'full_name' ilike $2)`
    const count = await tx.query<{ total: number }>(
      `select count(*)::int as total from auth.users where ${where}`,
      [filter, pattern],
    )
    const rows = await tx.query<UserRow>(
      `select * from auth.users where ${where} order by created_at desc, id limit $3 offset $4`,
      [filter, pattern, perPage, (page - 1) * perPage],
    )
    const ids = rows.rows.map((row) => row.id)
    const identities = ids.length
      ? await tx.query<IdentityRow>(
          'select * from auth.identities where user_id = any($1::uuid[]) order by created_at, id',
          [ids],
        )
      : { rows: [] as IdentityRow[] }
    const factors = await loadFactors(tx, ids)
    const loaded: User[] = rows.rows.map((row) => ({
      ...row,
      identities: identities.rows.filter((identity) => identity.user_id === row.id),
      factors: factors.filter((factor) => factor.user_id === row.id),
    }))
    return { users: loaded, total: count.rows[0]?.total ?? 0 }
  })

  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const link = (target: number, rel: string) => {
    const url = new URL(`${context.config.apiUrl}/auth/v1/admin/users`)
    url.searchParams.set('page', String(target))
    url.searchParams.set('per_page', String(perPage))
    return `<${url.toString()}>; rel="${rel}"`
  }
  const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')]
  return {
    status: 200,
    headers: { 'x-total-count': String(total), link: links.join(', ') },
    json: { users: users.map(userJson), aud: AUD },
  }
}

/** The body of admin create and update (GoTrue's AdminUserParams). */
function adminParams(request: ServiceRequest) {
  const params = readParams(request)
  return {
    id: stringParam(params, 'id'),
    email: stringParam(params, 'email'),
    phone: stringParam(params, 'phone'),
    password: optionalStringParam(params, 'password'),
    emailConfirm: boolParam(params, 'email_confirm'),
    phoneConfirm: boolParam(params, 'phone_confirm'),
    userMetadata: objectParam(params, 'user_metadata'),
    appMetadata: objectParam(params, 'app_metadata'),
    role: stringParam(params, 'role'),
    banDuration: stringParam(params, 'ban_duration'),
  }
}

function banUntil(banDuration: string): Date | null | undefined {
  if (!banDuration) return undefined
  const ms = parseBanDuration(banDuration)
  return ms === 0 ? null : new Date(Date.now() + ms)
}

/** `POST /admin/users`: shares `createUser` with signup; no password means none that can be used. */
export async function createUserAsAdmin(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  await requireAdmin(context, request)
  const params = adminParams(request)
  if (!params.email && !params.phone) {
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone')
  }
  const { email, phone } = validateContacts(params)
  if (params.id && !isUuid(params.id))
    throw badRequest('validation_failed', 'ID must conform to the uuid v4 format')
  if (params.password) checkPasswordStrength(params.password, context.config.minimumPasswordLength)
  const bannedUntil = banUntil(params.banDuration)
  const passwordHash = params.password
    ? await hashPassword(params.password, context.config.bcryptCost)
    : ''

  const user = await context.db.runAsAdmin(async (tx) => {
    if (email) await assertEmailFree(tx, email)
    if (phone && (await findUserByPhone(tx, phone))) {
      throw unprocessable('phone_exists', 'Phone number already registered by another user')
    }
    if (params.id && (await findUserById(tx, params.id))) {
      throw unprocessable('user_already_exists', 'User already registered')
    }
    return createUser(tx, {
      id: params.id || undefined,
      email,
      phone,
      passwordHash,
      userMetadata: params.userMetadata ?? {},
      appMetadata: params.appMetadata,
      role: params.role || undefined,
      emailConfirmed: params.emailConfirm,
      phoneConfirmed: params.phoneConfirm,
      bannedUntil,
      selfSignup: false,
    })
  })
  return { status: 200, json: userJson(user) }
}

async function loadTarget(
  context: ServiceContext,
  request: ServiceRequest,
  id: string,
): Promise<User> {
  await requireAdmin(context, request)
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID')
  const user = await context.db.runAsAdmin((tx) => findUserById(tx, id))
  if (!user) throw notFound('user_not_found', 'User not found')
  return user
}

/** `GET /admin/users/{id}`. */
export async function getUserAsAdmin(context: ServiceContext, request: ServiceRequest, id: string) {
  const user = await loadTarget(context, request, id)
  return { status: 200, json: userJson(user) }
}

/** `PUT /admin/users/{id}`: metadata merges; email and phone apply at once; a new password ends all sessions. */
export async function updateUserAsAdmin(
  context: ServiceContext,
  request: ServiceRequest,
  id: string,
): Promise<ServiceResponse> {
  const user = await loadTarget(context, request, id)
  const params = adminParams(request)
  const { email, phone } = validateContacts(params)
  const bannedUntil = banUntil(params.banDuration)
  let passwordHash: string | undefined
  if (params.password !== undefined) {
    checkPasswordStrength(params.password, context.config.minimumPasswordLength)
    passwordHash = await hashPassword(params.password, context.config.bcryptCost)
  }

  const changes: UserChanges = {}
  if (params.role) changes.role = params.role
  if (params.emailConfirm) changes.email_confirmed_at = user.email_confirmed_at ?? new Date()
  if (params.phoneConfirm) changes.phone_confirmed_at = user.phone_confirmed_at ?? new Date()
  if (passwordHash) changes.encrypted_password = passwordHash
  if (email) changes.email = email
  if (phone) changes.phone = phone
  if (email || phone || passwordHash) changes.recovery_token = ''
  if (params.appMetadata)
    changes.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, params.appMetadata)
  let userMetadata = user.raw_user_meta_data
  if (params.emailConfirm) userMetadata = { ...userMetadata, email_verified: true }
  if (params.userMetadata) userMetadata = mergeMetadata(userMetadata, params.userMetadata)
  if (userMetadata !== user.raw_user_meta_data) changes.raw_user_meta_data = userMetadata ?? {}
  if (bannedUntil !== undefined) changes.banned_until = bannedUntil
  const identities: IdentityContact[] = []
  if (email) identities.push({ provider: 'email', value: email, verified: params.emailConfirm })
  if (phone) identities.push({ provider: 'phone', value: phone, verified: params.phoneConfirm })

  const updated = await context.db.runAsAdmin((tx) =>
    storeAccountChange(tx, user, {
      contacts: { email, phone },
      columns: changes,
      identities,
      endSessions: passwordHash ? {} : undefined,
    }),
  )
  return { status: 200, json: userJson(updated) }
}

/** `DELETE /admin/users/{id}` (optionally `{should_soft_delete: true}`) → 200 `{}`. */
export async function deleteUserAsAdmin(
  context: ServiceContext,
  request: ServiceRequest,
  id: string,
): Promise<ServiceResponse> {
  const user = await loadTarget(context, request, id)
  const soft = boolParam(readOptionalParams(request), 'should_soft_delete')
  await context.db.runAsAdmin(async (tx) => {
    if (!soft) {
      await tx.query('delete from auth.refresh_tokens where user_id = $1', [user.id])
      await tx.query('delete from auth.users where id = $1', [user.id])
      return
    }
    if (user.deleted_at) return
    // Soft delete keeps the row (foreign keys still resolve) but frees the address and ends all access.
    await endAllSessions(tx, user.id)
    await tx.query('delete from auth.identities where user_id = $1', [user.id])
    await updateUser(tx, user.id, {
      email: null,
      phone: null,
      encrypted_password: '',
      raw_app_meta_data: {},
      raw_user_meta_data: {},
      recovery_token: '',
      deleted_at: new Date(),
    })
  })
  return { status: 200, json: {} }
}
