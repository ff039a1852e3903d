// What may go into a header, an address or a link of an email (director-mail, family-alerts).
// Everything here comes from a visitor's form or a stored setting, and is hostile until checked.

/** Control characters, CR and LF among them: never in a header. */
// deno-lint-ignore no-control-regex
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** One line for a header (a subject, a display name): control characters become a space. */
export function headerText(value: string, max = 120): string {
  const line = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** An address as form_submissions stores it: one `local@domain.tld`, no spaces, quotes, brackets or control characters. */
/* eslint-disable no-control-regex -- finding them is the point */
const ADDRESS =
  /^[^\s@<>"'(),;:\\[\]\u0000-\u001f\u007f]+@[^\s@<>"'(),;:\\[\]\u0000-\u001f\u007f.]+(?:\.[^\s@<>"'(),;:\\[\]\u0000-\u001f\u007f.]+)+$/
/* eslint-enable no-control-regex */

/** `value` when it is one plain email address, else undefined. */
export function plainAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const address = value.trim()
  return address.length <= 254 && ADDRESS.test(address) ? address : undefined
}

/** The site's own origin (`https://club.example`) from SITE_URL, or undefined when it is not an http(s) URL. */
export function siteOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    if (url.username || url.password) return undefined
    return url.origin
  } catch {
    return undefined
  }
}

/**
 * A link to `path` on the club's own site: only a path of ours (starting with one `/`), so a
 * link in an email can never lead elsewhere; undefined when the site's address is not set.
 */
export function siteLink(origin: string | undefined, path: string): string | undefined {
  if (!origin || !/^\/(?!\/)[A-Za-z0-9/_#?=&.-]*$/.test(path)) return undefined
  const url = new URL(path, origin)
  return url.origin === origin ? url.href : undefined
}
