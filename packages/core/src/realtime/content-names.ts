import { CONTENT_NAMES } from '../entities/content-names.ts'
import type { ContentKey } from '../entities/content-keys.ts'

export { CONTENT_NAMES }

const lower = (name: string) => name.charAt(0).toLowerCase() + name.slice(1)

/**
 * What a polite live region says when documents a page shows were updated by someone else.
 *
 * @example
 * updatedMessage(['fieldsContent']) // 'Field status updated'
 * updatedMessage(['alerts', 'fieldsContent']) // 'Alerts and field status updated'
 */
export function updatedMessage(keys: readonly ContentKey[]): string {
  const names = [...new Set(keys)].map((key, index) =>
    index === 0 ? CONTENT_NAMES[key] : lower(CONTENT_NAMES[key]),
  )
  const last = names.pop()
  if (last === undefined) return ''
  return `${names.length > 0 ? `${names.join(', ')} and ${last}` : last} updated`
}
