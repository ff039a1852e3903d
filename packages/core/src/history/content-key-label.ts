import { isContentKey } from '../entities/content-key-list.ts'
import { CONTENT_NAMES } from '../entities/content-names.ts'

/**
 * What a content key is called in the admin (CONTENT_NAMES): `alerts` → "Alerts".
 * A key that is not a content key is returned as it is.
 *
 * @example
 * contentKeyLabel('rulesAndFaqContent') // 'Rules, FAQ & weather policy'
 */
export function contentKeyLabel(key: string): string {
  return isContentKey(key) ? CONTENT_NAMES[key] : key
}
