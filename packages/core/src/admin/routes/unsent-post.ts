import { sameDocument } from '../../content/same-document.ts'
import type { PendingSave } from '../../content/store-types.ts'
import type { Unsent } from '../../screen-editors/news/news-publishing-panel.tsx'

/**
 * What of post `id` a save of `key` kept on this device holds that is not stored: all of it
 * (`post`), or changes to a stored version (`changes`). A kept save is the whole document, so
 * it is compared post by post with the document it was made from.
 */
export function unsentOf(
  pending: readonly PendingSave[],
  key: 'newsPosts' | 'newsDrafts',
  id: string,
): Unsent | undefined {
  const postIn = (document: unknown) =>
    Array.isArray(document)
      ? (document as unknown[]).find(
          (post) => typeof post === 'object' && post !== null && 'id' in post && post.id === id,
        )
      : undefined
  for (const save of pending) {
    // A save set aside (the stored version taken instead) is not what the screen shows.
    if (save.key !== key || save.status === 'set-aside') continue
    const mine = postIn(save.value)
    if (mine === undefined) continue
    // A save kept by an older build has no record of what it was made from.
    if (save.baseValue === undefined) return 'changes'
    const stored = postIn(save.baseValue)
    if (stored === undefined) return 'post'
    if (!sameDocument(stored, mine)) return 'changes'
  }
  return undefined
}
