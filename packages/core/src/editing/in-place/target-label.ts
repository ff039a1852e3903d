import type { EditTarget } from '../editing-context.ts'

function spaced(segment: string): string {
  return segment.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

/**
 * A short, readable name for what an editor changes, for labels and announcements:
 * `content` `['hero', 'title']` → "hero title"; `quickLinks` `[0, 'label']` → "quick links item 1 label";
 * `news/<id>` `['title']` → "news post title".
 *
 * @example
 * targetLabel({ contentKey: 'content', path: ['hero', 'title'], kind: 'text' }) // 'hero title'
 */
export function targetLabel(target: Pick<EditTarget, 'contentKey' | 'path'>): string {
  // Paths into a list document start with an index, which alone says nothing; a news post's
  // document (`news/<id>`) is named for what it is.
  const named = target.contentKey.startsWith('news/')
    ? ['news post', ...target.path]
    : typeof target.path[0] === 'string'
      ? target.path
      : [target.contentKey, ...target.path]
  return named
    .map((segment) => (typeof segment === 'number' ? `item ${segment + 1}` : spaced(segment)))
    .join(' ')
}
