/**
 * An id for an item an editor adds to a list (`quick-link-lq3x9a2f`): unique within its
 * document in practice, and valid for the entities' id rule (letters, digits, `-`, `_`).
 *
 * @example
 * newItemId('faq') // 'faq-lq3x9a2f4k'
 */
export function newItemId(prefix: string): string {
  const random = Math.floor(Math.random() * 36 ** 4).toString(36)
  return `${prefix}-${Date.now().toString(36)}${random}`
}
