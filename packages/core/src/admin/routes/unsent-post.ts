import { sameDocument } from '../../content/same-document.ts'
import type { PendingSave } from '../../content/store-types.ts'
import type { Unsent } from '../../screen-editors/news/news-publishing-panel.tsx'

/**
 * What of the post stored under `key` (`news/<id>`) a save kept on this device holds that is not
 * stored: all of it (`post`: it was never stored), or changes to a stored version (`changes`).
 */
export function unsentOf(pending: readonly PendingSave[], key: string): Unsent | undefined {
  for (const save of pending) {
    // A save set aside (the stored version taken instead) is not what the screen shows.
    if (save.key !== key || save.status === 'set-aside') continue
    if (save.baseValue === undefined || save.baseValue === null) return 'post'
    if (!sameDocument(save.baseValue, save.value)) return 'changes'
  }
  return undefined
}
