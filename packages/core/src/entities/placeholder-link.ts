/*
 * Which stored links are placeholders rather than real destinations. The rule reads the
 * stored value only (never a comparison with the sample content): an address on a domain
 * reserved for examples (RFC 2606 / RFC 6761: example.com, example.net, example.org and their
 * subdomains, and the `.example` and `.invalid` top-level domains), as a web address, a
 * `mailto:` link or a bare e-mail address. The sample content keeps every registration,
 * giving and sponsor address there, so none of them reaches a real organisation.
 *
 * IMPORTANT: pure and dependency-free; pages (the public bundle) and the editors both ask it.
 */

const RESERVED_HOST = /(?:^|\.)(?:example\.(?:com|net|org)|example|invalid)\.?$/i
const WEB = /^https?:\/\/([^/?#\s]*)/i
const MAIL = /^(?:mailto:)?[^@\s/?#]+@([^@\s?#]+?)(?:\?.*)?$/i

function hostOf(value: string): string | undefined {
  const web = WEB.exec(value)?.[1]
  if (web !== undefined) {
    // Credentials and the port are not part of the host: `https://user@example.org:8443/`.
    const host = web.slice(web.lastIndexOf('@') + 1).replace(/:\d*$/, '')
    return host
  }
  return MAIL.exec(value)?.[1]
}

/**
 * True for a stored link or address that is a placeholder: on a domain reserved for examples.
 *
 * @example
 * isPlaceholderLink('https://example.org/register/tee-ball') // true
 * isPlaceholderLink('mailto:info@example.org')               // true
 * isPlaceholderLink('https://example.org.evil.test/')        // false
 * isPlaceholderLink('https://register.club-baseball.org/')   // false
 */
export function isPlaceholderLink(value: string): boolean {
  const host = hostOf(value.trim())
  return host !== undefined && host !== '' && RESERVED_HOST.test(host)
}
