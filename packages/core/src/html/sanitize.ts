import DOMPurify from 'dompurify'
import type { WindowLike } from 'dompurify'

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
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel']

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
  // Links that open elsewhere must not hand the opener to the other site.
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? ''
      if (!/^(https?:|mailto:|tel:|\/|#)/i.test(href)) node.removeAttribute('href')
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer')
    }
  })
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
