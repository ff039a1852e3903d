import { CONTENT_KEYS } from '../../entities/content-key-list.ts'
import type { ContentKey } from '../../entities/content-keys.ts'
import { CONTENT_NAMES } from '../../entities/content-names.ts'

// The zod-free key list: the edit bar names keys too, and needs no schema for it.
const KEYS: ReadonlySet<string> = new Set(CONTENT_KEYS)

/** True when `key` names a content document. */
export function isKnownKey(key: string): key is ContentKey {
  return KEYS.has(key)
}

/**
 * What a content key is called in the admin (CONTENT_NAMES): `alerts` → "Alerts".
 * A key that is not a content key is returned as it is.
 *
 * @example
 * contentKeyLabel('rulesAndFaqContent') // 'Rules, FAQ & weather policy'
 */
export function contentKeyLabel(key: string): string {
  return isKnownKey(key) ? CONTENT_NAMES[key] : key
}

/**
 * The address of a key's history screen.
 *
 * @example
 * historyPath('alerts') // '/admin/history/alerts'
 */
export function historyPath(key: string): string {
  return `/admin/history/${encodeURIComponent(key)}`
}
