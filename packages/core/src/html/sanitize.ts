import DOMPurify from 'dompurify'
import type { WindowLike } from 'dompurify'

import { classifyLink } from '../entities/links.ts'

/**
 * What stored HTML may contain: inline formatting, links and lists. No scripts, styles,
 * event handlers, iframes, forms or images (images are separate, typed fields).
 */
const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'br',
  'p',
  'ul',
  'ol',
  'li',
  'span',
  'small',
  'mark',
]
// `rel` is never taken from content: the hook below sets it.
const ALLOWED_ATTR = ['href', 'title', 'target']
const SAFE_REL = 'noopener noreferrer'

let purifier: ReturnType<typeof DOMPurify> | undefined

/**
 * Where no browser window exists (prerendering in Node), the build gives the sanitizer
 * a DOM window (jsdom) before it renders anything.
 */
export function setSanitizerWindow(window: WindowLike) {
  purifier = DOMPurify(window)
  configure(purifier)
}

function configure(instance: ReturnType<typeof DOMPurify>) {
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') secureLink(node)
  })
}

/**
 * Links in stored HTML follow the same rules as link fields and SmartLink (entities/links.ts):
 * the href is replaced by what the classifier read (or removed), only `_blank` survives as a
 * target, and a link that leaves the site or opens a new window cannot reach back to this page.
 */
function secureLink(node: Element) {
  const raw = node.getAttribute('href')
  const link = raw === null ? undefined : classifyLink(raw)
  if (link?.kind === 'refused') node.removeAttribute('href')
  else if (link) node.setAttribute('href', link.href)
  const blank =
    link !== undefined && link.kind !== 'refused' && isBlank(node.getAttribute('target'))
  if (blank) node.setAttribute('target', '_blank')
  else node.removeAttribute('target')
  if (blank || link?.kind === 'external') node.setAttribute('rel', SAFE_REL)
  else node.removeAttribute('rel')
}

function isBlank(target: string | null): boolean {
  return target !== null && target.trim().toLowerCase() === '_blank'
}

function getPurifier() {
  if (!purifier && typeof window !== 'undefined') {
    purifier = DOMPurify(window)
    configure(purifier)
  }
  return purifier
}

/**
 * Sanitizes stored HTML for rendering. Without a DOM to sanitize with, it returns the
 * text with every tag stripped and escaped: never the raw input.
 */
export function sanitizeHtml(dirty: string): string {
  const instance = getPurifier()
  if (!instance) return escapeText(dirty.replace(/<[^>]*>/g, ''))
  return instance.sanitize(dirty, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false })
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
