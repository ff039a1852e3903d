/**
 * "Push on this device" (issue 33): what this browser can do, and its push subscription, made
 * with the site's one service worker (the app registers it). The permission prompt is only
 * ever asked from the family's tap on the button (iOS refuses it otherwise, and the site never
 * asks on load).
 */

/** supported; an iPhone or iPad outside a Home Screen web app; or no Web Push at all. */
export type PushSupport = 'supported' | 'ios-home-screen' | 'unsupported'

/** Whether this browser can take alerts by push. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'unsupported'
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as { standalone?: boolean }).standalone === true
  // Safari on iOS and iPadOS offers Web Push only to a web app added to the Home Screen.
  if (ios && !standalone) return 'ios-home-screen'
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
    ? 'supported'
    : 'unsupported'
}

/** Why no subscription was made, as the dialog says it. */
export class PushDeviceError extends Error {
  readonly reason: 'denied' | 'no-worker' | 'failed'
  constructor(reason: 'denied' | 'no-worker' | 'failed', message: string) {
    super(message)
    this.reason = reason
  }
}

const BLOCKED =
  'Notifications are blocked for this site. Allow them in your browser’s settings for this site, then tap “Push on this device” again.'
const NO_WORKER =
  'This browser could not set up alerts on this device. Reload the page and try again, or get them by email.'
const FAILED =
  'Your browser’s push service did not answer. Try again in a minute, or get alerts by email.'

/** The key as bytes (PushManager wants a BufferSource; a string form is not universal). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const sameKey = (given: ArrayBuffer | null | undefined, wanted: Uint8Array) => {
  if (!given) return false
  const bytes = new Uint8Array(given)
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index])
}

/**
 * Asks for the permission; call it first thing in the tap's handler (a browser that already
 * has it answers at once, without a prompt).
 */
export async function askPermission(): Promise<void> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new PushDeviceError('denied', BLOCKED)
}

/** The site's service worker, once active (within `waitMs`). */
async function activeWorker(waitMs: number): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration('/')
  if (found?.active) return found
  const ready = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((done) => setTimeout(() => done(undefined), waitMs)),
  ])
  if (!ready) throw new PushDeviceError('no-worker', NO_WORKER)
  return ready
}

/** This device's push subscription for `publicKey` (the one it has, or a new one). */
export async function subscribeThisDevice(
  publicKey: string,
  waitMs = 10_000,
): Promise<PushSubscriptionJSON> {
  const registration = await activeWorker(waitMs)
  const key = keyBytes(publicKey)
  try {
    let subscription = await registration.pushManager.getSubscription()
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      // Made with another key (the club changed its keys): replaced.
      await subscription.unsubscribe()
      subscription = null
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    })
    const json = subscription.toJSON()
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
      throw new PushDeviceError('failed', FAILED)
    return json
  } catch (error) {
    if (error instanceof PushDeviceError) throw error
    if ((error as Error).name === 'NotAllowedError') throw new PushDeviceError('denied', BLOCKED)
    throw new PushDeviceError('failed', FAILED)
  }
}

/**
 * This device's push subscription, if it has one (no prompt: only what the site's service
 * worker holds), for "My alerts" on a subscribed device.
 */
export async function thisDeviceSubscription(
  waitMs = 10_000,
): Promise<PushSubscription | undefined> {
  if (pushSupport() !== 'supported') return undefined
  try {
    const registration = await activeWorker(waitMs)
    return (await registration.pushManager.getSubscription()) ?? undefined
  } catch {
    return undefined
  }
}
