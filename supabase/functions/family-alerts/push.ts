// Web Push for families' alerts (issue 33): the VAPID keys, which endpoints are accepted, and
// one send through the Web Push protocol (RFC 8030/8291/8292) with the `web-push` library.
//
// Secrets: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (`npx web-push generate-vapid-keys --json`;
// never the local stack's pair in production), VAPID_SUBJECT (`mailto:` or `https:`, not
// localhost: Apple refuses it). Optionally PUSH_SERVICE_ORIGINS: extra push services' origins,
// comma-separated (the local stack's web-push-testing, `http://localhost:8090`).
import webpush from 'web-push'

import { env } from '../_shared/smtp.ts'

export type PushKeys = { endpoint: string; p256dh: string; auth: string }

/** The VAPID pair and subject, or undefined where push is not configured. */
export function vapid(): { publicKey: string; privateKey: string; subject: string } | undefined {
  const publicKey = env('VAPID_PUBLIC_KEY')
  const privateKey = env('VAPID_PRIVATE_KEY')
  const subject = env('VAPID_SUBJECT')
  if (!publicKey || !privateKey || !subject) return undefined
  return { publicKey, privateKey, subject }
}

/**
 * The browsers' push services (Chrome/Edge/Opera: FCM; Firefox: Mozilla's autopush; Safari:
 * Apple; old Edge: WNS). Endpoints come from anonymous callers and this function POSTs to
 * them, so anything else (another host, a private address) is refused.
 */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.apple\.com$/,
  /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/,
]

/** Whether `endpoint` is a push service's URL this function may send to. */
export function isPushEndpoint(endpoint: string): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  const extra = (env('PUSH_SERVICE_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  if (extra.includes(url.origin)) return true
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    PUSH_HOSTS.some((host) => host.test(url.hostname))
  )
}

/** A push not accepted: the push service's status (0 when it could not be reached). */
export class PushError extends Error {
  readonly statusCode: number
  constructor(statusCode: number, message: string) {
    super(message)
    this.statusCode = statusCode
  }
}

/**
 * Sends `payload` (JSON, small) to one subscription. The request is built by web-push
 * (encrypted with aes128gcm, VAPID-signed) and sent with fetch: web-push's own transport is
 * `https.request` only. Rejects with a PushError carrying the push service's status; 404 and
 * 410 mean the subscription is gone.
 */
export async function sendPush(
  subscription: PushKeys,
  payload: unknown,
  options: { topic?: string; ttlSeconds?: number } = {},
): Promise<number> {
  const keys = vapid()
  if (!keys) throw new PushError(0, 'Push is not configured (VAPID_* secrets).')
  const details = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      TTL: options.ttlSeconds ?? 12 * 3600,
      urgency: 'high',
      ...(options.topic ? { topic: options.topic } : {}),
    },
  )
  const headers = new Headers()
  for (const [name, value] of Object.entries(details.headers)) headers.set(name, String(value))
  let response: Response
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: new Uint8Array(details.body as Uint8Array),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    })
  } catch (error) {
    throw new PushError(0, `The push service could not be reached: ${(error as Error).message}`)
  }
  const text = await response.text().catch(() => '')
  if (response.status >= 200 && response.status < 300) return response.status
  throw new PushError(
    response.status,
    `The push service answered ${response.status}: ${text.slice(0, 300)}`,
  )
}
