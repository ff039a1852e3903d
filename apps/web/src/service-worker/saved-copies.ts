/*
 * What the service worker (sw.ts) keeps and how it shows a saved copy: pure, so that unit tests
 * run it in Node. The worker keeps public pages and the site's own hashed files, never the
 * signed-in area, another origin's answers (the backend's reads) or anything sent with
 * credentials.
 */

/** The pages' cache: each copy with when it was fetched ({@link SAVED_AT_HEADER}). */
export const PAGES_CACHE = 'club-pages-v1'
/** The site's hashed files (`/assets/…`): their names change with their content. */
export const ASSETS_CACHE = 'club-assets-v1'
/** Every cache this worker owns; the others of an older worker are removed on activation. */
export const CACHES = [PAGES_CACHE, ASSETS_CACHE] as const

/** The header a saved page carries: when it was fetched (an ISO date-time). */
export const SAVED_AT_HEADER = 'x-club-saved-at'
/** The header a saved page carries: its title (URI-encoded), for the offline page's list. */
export const TITLE_HEADER = 'x-club-title'

/** How many pages and files are kept: the oldest go first. */
export const MAX_PAGES = 40
export const MAX_ASSETS = 150

/** Pages saved when the worker starts: the field status and the schedule (issue 30). */
export const KEY_PAGES = ['/', '/fields', '/schedule'] as const

/** A page a visit saves again only when its copy is older than this. */
export const RESAVE_AFTER_MS = 5 * 60_000

/** The message a page sends the worker after each move: save this page and these files. */
export type VisitedMessage = { type: 'club:visited'; path: string; assets: string[] }

/** Whether `path` belongs to the signed-in area, which the worker never touches. */
export function isStaffPath(path: string): boolean {
  return /^\/admin(?:-login)?(?:[/?#]|$)/.test(path)
}

/** Whether `url` (absolute) is one of the site's hashed files on `origin`. */
export function isAssetUrl(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/')
}

/**
 * The key a page is saved under: its origin and path, without query or hash (a prerendered
 * page is the same for every query: /schedule?team=… is /schedule's HTML, filtered by the app).
 * Undefined for what is not a public page of `origin`: another origin, the signed-in area, a
 * file (a name with an extension), or a path that climbs.
 */
export function pageKey(url: URL, origin: string): string | undefined {
  if (url.origin !== origin) return undefined
  const path = url.pathname
  if (isStaffPath(path) || path.includes('..') || /\.[a-z0-9]+$/i.test(path)) return undefined
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return `${origin}${trimmed || '/'}`
}

/** Whether a response may be kept: a whole, same-origin, public answer. */
export function isKeepable(response: Response, kind: 'page' | 'asset'): boolean {
  if (!response.ok || response.status !== 200 || response.type !== 'basic') return false
  if (response.redirected) return false
  const cacheControl = response.headers.get('cache-control') ?? ''
  if (/\b(no-store|private)\b/i.test(cacheControl)) return false
  if (response.headers.has('set-cookie')) return false
  if (kind === 'page') return /^text\/html\b/i.test(response.headers.get('content-type') ?? '')
  return true
}

/** A page's title, from its HTML (the offline page lists saved pages by it). */
export function titleOf(html: string): string {
  const found = /<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? ''
  return decodeEntities(found).trim()
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

/** Text for HTML: `&`, `<`, `>` and quotes escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * When a copy was fetched, as the banner says it: the time on the day it is read ("4:12 PM"),
 * with the date on another day ("Dec 5, 4:12 PM"), in the device's time zone.
 */
export function savedTimeLabel(savedAt: Date, now: Date, timeZone?: string): string {
  const day = (d: Date) =>
    d.toLocaleDateString('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const time = savedAt.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
  if (day(savedAt) === day(now)) return time
  const date = savedAt.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric' })
  return `${date}, ${time}`
}

/** The banner's words (issue 30): "Saved copy from 4:12 PM · you’re offline". */
export function savedCopyText(savedAt: Date, now: Date, timeZone?: string): string {
  return `Saved copy from ${savedTimeLabel(savedAt, now, timeZone)} · you’re offline`
}

/** The banner's class; its look is inline, as the page's stylesheet may not be saved. */
export const SAVED_COPY_CLASS = 'saved-copy'

/**
 * A saved page as the worker serves it offline: the banner that says when it was fetched, first
 * in the body and outside the app's root (React never touches it), and the parts the app holds
 * until its live read answers shown as built, as without JavaScript: this whole page is a copy
 * of its time, and says so.
 */
export function markSavedCopy(html: string, savedAt: Date, now: Date, timeZone?: string): string {
  const text = escapeHtml(savedCopyText(savedAt, now, timeZone))
  const banner =
    `<div class="${SAVED_COPY_CLASS}" role="status" data-saved-at="${escapeHtml(savedAt.toISOString())}" ` +
    `style="position:sticky;top:0;z-index:1001;padding:8px 16px;background:#fff4d6;color:#1b1f24;` +
    `font:600 15px/1.4 system-ui,sans-serif;text-align:center;border-bottom:1px solid #d9dde3">` +
    `${text}</div>`
  const reveal =
    '<style id="saved-copy-shown-as-built">' +
    '.alerts-bar[data-held] .alerts-bar__inner{visibility:visible!important;opacity:1!important;animation:none!important}' +
    '.held-until-fresh[data-held]>.held-until-fresh__content{visibility:visible!important}' +
    '.held-until-fresh__note,.alerts-bar[data-held] .alerts-bar__stale{display:none}' +
    '</style>'
  const withStyle = html.includes('</head>') ? html.replace('</head>', `${reveal}</head>`) : html
  const body = /<body\b[^>]*>/i.exec(withStyle)
  if (!body) return banner + withStyle
  const at = body.index + body[0].length
  return withStyle.slice(0, at) + banner + withStyle.slice(at)
}

/**
 * The page the worker answers offline for a page it has no copy of: instead of the browser's
 * own error, what happened and the saved pages that can be read (`saved`: path and title).
 */
export function offlinePageHtml(saved: readonly { path: string; title: string }[]): string {
  const items = saved
    .map(
      ({ path, title }) =>
        `<li><a href="${escapeHtml(path)}">${escapeHtml(title || path)}</a></li>`,
    )
    .join('')
  const list = items
    ? `<p>Pages saved on this device:</p><ul>${items}</ul>`
    : '<p>No pages of this site are saved on this device yet.</p>'
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><title>You’re offline</title>' +
    '<style>body{margin:0;font:17px/1.5 system-ui,sans-serif;color:#1b1f24;background:#faf7f0}' +
    'main{max-width:40rem;margin:0 auto;padding:32px 20px}h1{color:#0b2545}a{color:#0b2545;font-weight:600}' +
    'li{margin:8px 0}</style></head><body><main>' +
    '<h1>You’re offline</h1>' +
    '<p>This page isn’t saved on this device, so it can’t open until your connection is back.</p>' +
    `${list}<p><a href="">Try again</a></p></main></body></html>`
  )
}
