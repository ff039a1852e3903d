import type { ServerConfig } from '../http/types.ts'

/** Host names GoTrue treats as this machine (any port is then the site's). */
const LOCALHOST = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]'])
const DECIMAL_IP = /^[0-9]+$/
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

/**
 * A pattern of `[auth] additional_redirect_urls` as GoTrue compiles it (gobwas/glob with `.` and
 * `/` as separators): `*` any run within one label or path segment, `**` any run at all, `?` one
 * character of a label, `{a,b}` alternatives, `[…]` a character class; the rest is literal.
 */
export function globToRegExp(pattern: string): RegExp {
  let source = ''
  let inGroup = 0
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] ?? ''
    if (char === '*') {
      if (pattern[index + 1] === '*') {
        source += '.*'
        index++
      } else source += '[^./]*'
    } else if (char === '?') source += '[^./]'
    else if (char === '{') {
      inGroup++
      source += '(?:'
    } else if (char === '}' && inGroup > 0) {
      inGroup--
      source += ')'
    } else if (char === ',' && inGroup > 0) source += '|'
    else if (char === '[') {
      const end = pattern.indexOf(']', index + 1)
      if (end === -1) source += '\\['
      else {
        const body = pattern
          .slice(index + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')
        source += `[${body}]`
        index = end
      }
    } else source += char.replace(/[.+^$()|\\\]{}]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

/**
 * GoTrue's `IsRedirectURLValid`: the site itself (same scheme and host, and the same port
 * unless the host is this machine), a loopback IP address, or a URL matching one of
 * `additional_redirect_urls` (without its fragment). Anything else is refused.
 */
export function isRedirectAllowed(
  config: Pick<ServerConfig, 'siteUrl' | 'additionalRedirectUrls'>,
  candidate: string,
): boolean {
  if (!candidate) return false
  let base: URL
  let target: URL
  try {
    base = new URL(config.siteUrl)
    target = new URL(candidate)
  } catch {
    return false
  }
  if (
    base.hostname === target.hostname &&
    base.protocol === target.protocol &&
    (base.port === target.port || LOCALHOST.has(target.hostname))
  ) {
    return true
  }
  const hostname = target.hostname
  const http = target.protocol === 'http:' || target.protocol === 'https:'
  if (DECIMAL_IP.test(hostname)) return false
  if (IPV4.test(hostname)) return hostname.startsWith('127.')
  if (hostname.startsWith('[')) return hostname === '[::1]'
  if (http && !REGULAR_HOSTNAME.test(hostname)) return false
  const withoutFragment = candidate.split('#')[0] ?? ''
  return config.additionalRedirectUrls.some((pattern) =>
    globToRegExp(pattern).test(withoutFragment),
  )
}

/** Where a link may send the browser: `requested` when allowed, else the site URL (GoTrue's `GetReferrer`). */
export function safeRedirect(
  config: Pick<ServerConfig, 'siteUrl' | 'additionalRedirectUrls'>,
  requested: string | null | undefined,
): string {
  return requested && isRedirectAllowed(config, requested) ? requested : config.siteUrl
}
