/**
 * A fresh id: the prefix, a hyphen and 16 random hex digits (64 bits), so unique across
 * tabs, devices and runs in practice, and valid for the entities' id rule (letters, digits,
 * `-`, `_`). The one id maker of the codebase: items editors add to a list, pending saves kept on
 * the device, a tab's presence, a channel's name, an upload job. `crypto.getRandomValues`
 * works on plain-http pages too (where `crypto.randomUUID` does not exist) and in Node.
 *
 * @example
 * uniqueId('faq') // 'faq-9f1c2a7be04d3c18'
 * uniqueId()      // '9f1c2a7be04d3c18'
 */
export function uniqueId(prefix?: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  const random = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return prefix ? `${prefix}-${random}` : random
}
