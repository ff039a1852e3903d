/*
 * What the service worker shows for a push (sw.ts): the family-alerts function's payload
 * `{ title, body, url, tag }`, checked, since a push's data is read as given. The link must be
 * a page of this site; anything else leads to the home page.
 */

/** The notification's icons: the site's own (the web app manifest's). */
export const PUSH_ICON = '/icons/icon-192.png'
export const PUSH_BADGE = '/icons/badge-96.png'

export type PushMessage = { title: string; body: string; url: string; tag?: string }

const text = (value: unknown, max: number) =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, max) : ''

/** The notification for push data `data` on the site at `origin`. */
export function pushMessage(data: unknown, origin: string): PushMessage {
  const given = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
  let url = `${origin}/`
  if (typeof given.url === 'string') {
    try {
      const parsed = new URL(given.url, origin)
      if (parsed.origin === origin) url = parsed.href
    } catch {
      // Not a URL: the home page.
    }
  }
  const tag = text(given.tag, 100)
  return {
    title: text(given.title, 200) || 'Club update',
    body: text(given.body, 500),
    url,
    ...(tag ? { tag } : {}),
  }
}
