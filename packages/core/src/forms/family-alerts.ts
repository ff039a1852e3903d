/**
 * IMPORTANT: the one module that talks to the `family-alerts` Edge Function (issue 33):
 * subscribing to families' alerts, confirming, and "My alerts". Given a supabase-js client
 * (the web app's, with the anon key and no session: apps/web/src/family-alerts.ts), it calls
 * `functions.invoke` and turns every answer into what the site shows. Never rejects.
 */
import type { SupabaseClient } from '@supabase/supabase-js'

import type {
  AlertAudienceLookup,
  AlertFollow,
  DeviceAlerts,
  FamilyAlertsResult,
  FamilyAlertsService,
  MyAlerts,
} from './family-alerts-types.ts'

export type {
  AlertAudience,
  AlertAudienceLookup,
  AlertFollow,
  FamilyAlertsResult,
  FamilyAlertsService,
  MyAlerts,
} from './family-alerts-types.ts'

const UNREACHABLE =
  "We could not reach the club's server. Check your connection, then try again: nothing was lost."
const SERVER_FAILED =
  "The club's server could not take your request just now. Please try again in a minute: nothing was lost."

type Answer = Record<string, unknown>

/** What the function answered, or why it could not be asked. */
async function call(
  client: Pick<SupabaseClient, 'functions'>,
  body: Record<string, unknown>,
): Promise<FamilyAlertsResult<Answer>> {
  let result: { data: unknown; error: unknown }
  try {
    result = await client.functions.invoke('family-alerts', { body })
  } catch {
    return { ok: false, message: UNREACHABLE }
  }
  const { data, error } = result
  if (!error) return { ok: true, value: (data ?? {}) as Answer }
  const context = (error as { context?: unknown }).context
  if ((error as Error).name === 'FunctionsHttpError' && context instanceof Response) {
    let message: string | undefined
    try {
      const json = (await context.json()) as { error?: unknown }
      message = typeof json.error === 'string' ? json.error : undefined
    } catch {
      // Not the function's own answer (a gateway's page): said in general words below.
    }
    const status = context.status
    if (status === 403) return { ok: false, expired: true, message: message ?? SERVER_FAILED }
    if (status === 404 && message) return { ok: false, missing: true, message }
    if (status >= 400 && status < 500 && message) return { ok: false, message }
    return { ok: false, message: SERVER_FAILED }
  }
  // FunctionsFetchError (offline, the server down) or FunctionsRelayError.
  return {
    ok: false,
    message: (error as Error).name === 'FunctionsFetchError' ? UNREACHABLE : SERVER_FAILED,
  }
}

function myAlerts(answer: Answer): MyAlerts {
  const follows = Array.isArray(answer.follows) ? answer.follows : []
  return {
    email: typeof answer.email === 'string' ? answer.email : '',
    unsubscribed: answer.unsubscribed === true,
    token: typeof answer.token === 'string' ? answer.token : '',
    follows: follows
      .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
      .map((item) => ({
        kind: item.kind as AlertFollow['kind'],
        ref: typeof item.ref === 'string' ? item.ref : '',
        name: typeof item.name === 'string' ? item.name : '',
        confirmed: item.confirmed === true,
      })),
  }
}

const view = async (
  client: Pick<SupabaseClient, 'functions'>,
  body: Record<string, unknown>,
): Promise<FamilyAlertsResult<MyAlerts>> => {
  const answer = await call(client, body)
  return answer.ok ? { ok: true, value: myAlerts(answer.value) } : answer
}

/** A follow as the function takes it (the club has no ref). */
const wire = (follow: AlertFollow) =>
  follow.kind === 'club' ? { kind: 'club' } : { kind: follow.kind, ref: follow.ref }

/** The family-alerts calls, through `client.functions.invoke`. */
export function createFamilyAlerts(client: Pick<SupabaseClient, 'functions'>): FamilyAlertsService {
  return {
    async subscribe({ email, follow, website }) {
      const answer = await call(client, {
        action: 'subscribe',
        email,
        follow: follow.kind === 'club' ? { kind: 'club' } : { kind: follow.kind, ref: follow.ref },
        website,
      })
      return answer.ok ? { ok: true, value: undefined } : answer
    },
    confirm: (token) => view(client, { action: 'confirm', token }),
    manage: (token) => view(client, { action: 'manage', token }),
    follow: (token, follow) =>
      view(client, {
        action: 'follow',
        token,
        follow: follow.kind === 'club' ? { kind: 'club' } : { kind: follow.kind, ref: follow.ref },
      }),
    unfollow: (token, follow) =>
      view(client, {
        action: 'unfollow',
        token,
        follow: follow.kind === 'club' ? { kind: 'club' } : { kind: follow.kind, ref: follow.ref },
      }),
    unsubscribe: (token) => view(client, { action: 'unsubscribe', token }),
    async deleteAll(token) {
      const answer = await call(client, { action: 'delete', token })
      return answer.ok ? { ok: true, value: undefined } : answer
    },
    async pushKey() {
      const answer = await call(client, { action: 'push-key' })
      if (!answer.ok) return answer
      const key = answer.value.publicKey
      return typeof key === 'string' && key !== ''
        ? { ok: true, value: key }
        : { ok: false, message: SERVER_FAILED }
    },
    async pushSubscribe({ subscription, follow }) {
      const answer = await call(client, {
        action: 'push-subscribe',
        subscription: {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.keys?.p256dh, auth: subscription.keys?.auth },
        },
        follow: wire(follow),
      })
      return answer.ok ? { ok: true, value: undefined } : answer
    },
    async pushUnsubscribe({ endpoint, follow }) {
      const answer = await call(client, {
        action: 'push-unsubscribe',
        endpoint,
        ...(follow ? { follow: wire(follow) } : {}),
      })
      return answer.ok ? { ok: true, value: undefined } : answer
    },
    async pushManage(endpoint) {
      const answer = await call(client, { action: 'push-manage', endpoint })
      if (!answer.ok) return answer
      const follows = Array.isArray(answer.value.follows) ? answer.value.follows : []
      const value: DeviceAlerts = {
        follows: follows
          .filter(
            (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
          )
          .filter((item) => ['team', 'program', 'field', 'club'].includes(item.kind as string))
          .map((item) => ({
            kind: item.kind as AlertFollow['kind'],
            ref: typeof item.ref === 'string' ? item.ref : '',
            name: typeof item.name === 'string' ? item.name : '',
          })),
      }
      return { ok: true, value }
    },
  }
}

/**
 * The alerts editors' question before publishing, asked with a staff member's signed-in client
 * (the function checks the caller's own token): who a status alert on `pages` would reach.
 */
export function createAlertAudienceLookup(
  client: Pick<SupabaseClient, 'functions'>,
): AlertAudienceLookup {
  return async (pages) => {
    const answer = await call(client, { action: 'preview', pages })
    if (!answer.ok) return answer
    const { email, push, everyone, names } = answer.value
    return {
      ok: true,
      value: {
        email: typeof email === 'number' ? email : 0,
        push: typeof push === 'number' ? push : 0,
        everyone: everyone === true,
        names: Array.isArray(names)
          ? names.filter((name): name is string => typeof name === 'string')
          : [],
      },
    }
  }
}
