import type { ContentDocuments, ContentKey } from './content-keys.ts'

/** One step of a path: an object's key or an array's index. */
export type PathStep = string | number

// How deep a path may go: deeper than any document, and bounded so that tsc always ends.
type Shallower = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]

/**
 * Every path into a value of type `T`, as a tuple: `[]` (the value itself), then object keys
 * and array indexes. Unions (block kinds) give the paths of each member; `null` and optional
 * fields give the paths of what they hold.
 *
 * @example
 * const ok: PathIn<{ hero: { title: string } }> = ['hero', 'title']
 * // @ts-expect-error: no such field
 * const typo: PathIn<{ hero: { title: string } }> = ['hero', 'titel']
 */
export type PathIn<T, Depth extends number = 10> = [Depth] extends [never]
  ? never
  : T extends readonly (infer Item)[]
    ? readonly [] | readonly [number, ...PathIn<NonNullable<Item>, Shallower[Depth]>]
    : T extends object
      ? | readonly []
        | {
            [Field in keyof T & string]-?: readonly [
              Field,
              ...PathIn<NonNullable<T[Field]>, Shallower[Depth]>,
            ]
          }[keyof T & string]
      : readonly []

/**
 * A path inside the document stored under `Key`, checked by tsc against the document's type
 * (the zod-inferred type of the key's schema): a field a parse would strip is a type error.
 */
export type DocumentPath<Key extends ContentKey> = PathIn<ContentDocuments[Key]>

/**
 * Where a value is: a key and a path inside its document. For a content key the path is
 * checked against that key's document; any other key (an editor's own form, e.g. `about`, or
 * a key only known at run time, `string`) takes any path, which the edit-paths test checks
 * on every rendered page instead.
 */
export type DocumentLocation<Key extends string = string> = Key extends ContentKey
  ? { contentKey: Key; path: DocumentPath<Key> }
  : { contentKey: Key; path: readonly PathStep[] }

/**
 * A location checked where it is made, for a value handed on before it is rendered (a figure
 * that comes from one of two documents, a registration link stored in one of two places).
 *
 * @example
 * documentLocation('legacyStats', [0, 'value']) // { contentKey: 'legacyStats', path: [0, 'value'] }
 */
export function documentLocation<Key extends ContentKey>(
  contentKey: Key,
  path: DocumentPath<Key>,
): DocumentLocation {
  return { contentKey, path }
}
