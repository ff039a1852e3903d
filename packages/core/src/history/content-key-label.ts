import { isDocumentKey } from '../entities/content-key-list.ts'
import { contentName } from '../entities/content-names.ts'

/**
 * What a content key is called in the admin (CONTENT_NAMES): `alerts` → "Alerts".
 * A key that is not a content key is returned as it is.
 *
 * @example
 * contentKeyLabel('rulesAndFaqContent') // 'Rules, FAQ & weather policy'
 */
export function contentKeyLabel(key: string): string {
  return isDocumentKey(key) ? contentName(key) : key
}
