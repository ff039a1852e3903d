/*
 * Zod-free, so that modules of the first bundle (and the history's diff) can write paths too.
 * The database's own form (`$."select-13u".roster`, jsonpath) is document-limits.ts's.
 */
/** One step of a path into a document: an object field or record key, or an array index. */
export type PathSegment = string | number

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * The one way a path into a document is written, as JavaScript would access it:
 * `formatPath('newsPosts', [3, 'content', 2])` → `newsPosts[3].content[2]`; with no root,
 * `['hero', 'title']` → `hero.title`. Odd names are quoted (and long ones shortened).
 */
export function formatPath(root: string, path: readonly PathSegment[]): string {
  let out = root
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`
    else out += `[${JSON.stringify(segment.length > 80 ? `${segment.slice(0, 80)}…` : segment)}]`
  }
  return out
}
