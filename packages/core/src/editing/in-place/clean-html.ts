import { sanitizeHtml } from '../../html/sanitize.ts'

/**
 * What the rich-text editor saves: its HTML through the same sanitizer the site renders
 * with, so nothing is stored that the site would not show. A lone paragraph is stored as its
 * content, since the fields it edits (list items, short sections) sit inside their own element.
 *
 * @example
 * cleanEditorHtml('<p>Bring <strong>water</strong></p>') // 'Bring <strong>water</strong>'
 * cleanEditorHtml('<p><a href="javascript:alert(1)">x</a></p>') // '<a>x</a>'
 */
export function cleanEditorHtml(html: string): string {
  const clean = sanitizeHtml(html).trim()
  const lone = /^<p>([\s\S]*)<\/p>$/.exec(clean)
  if (lone && !/<\/?p[\s>]/.test(lone[1] ?? '')) return (lone[1] ?? '').trim()
  return clean
}
