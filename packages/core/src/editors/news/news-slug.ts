import { slugSchema } from '../../entities/common.ts'
import { paths } from '../../routing/public-paths.ts'

/** Longest slug the `newsPosts` schema stores (entities/common.ts `slugSchema`). */
export const MAX_SLUG = 100

/** Where an article with this slug is read by visitors. */
export const articlePath = (slug: string) => paths.newsPost(slug)

/**
 * The slug a title reads as: lower-case letters and digits in words joined by single hyphens,
 * accents dropped (`Café` → `cafe`), `&` read as "and", apostrophes dropped rather than turned
 * into a word break (`Don't` → `dont`), and cut at a word boundary to {@link MAX_SLUG}
 * characters. A title with no letters or digits gives `''`.
 *
 * @example
 * slugify('Spring Registration Is Open!') // 'spring-registration-is-open'
 * slugify('Q&A: Coaches’ Clinic') // 'q-and-a-coaches-clinic'
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`
    if (next.length > MAX_SLUG) {
      // A single word longer than the limit is cut; otherwise stop before the word that does not fit.
      return slug === '' ? word.slice(0, MAX_SLUG) : slug
    }
    slug = next
  }
  return slug
}

/**
 * `slug` if no other post uses it, else the first of `slug-2`, `slug-3`, … that is free,
 * shortened where needed so that the suffix still fits in {@link MAX_SLUG} characters.
 *
 * @example
 * uniqueSlug('tryouts', ['tryouts', 'tryouts-2']) // 'tryouts-3'
 */
export function uniqueSlug(slug: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(slug)) return slug
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const stem = slug.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')
    const candidate = `${stem}${suffix}`
    if (!used.has(candidate)) return candidate
  }
}

/**
 * What is wrong with `slug` as the address of a post, in words for the editor, or undefined
 * when it can be stored: it must be given, fit the slug rule and not be used by another post.
 *
 * @example
 * slugProblem('Spring Signups', []) // 'Use only lower-case letters, digits and single hyphens, …'
 */
export function slugProblem(slug: string, taken: Iterable<string>): string | undefined {
  if (slug === '') return 'Give the post an address (it is made from the title).'
  if (slug.length > MAX_SLUG) return `Keep the address to ${MAX_SLUG} characters.`
  if (!slugSchema.safeParse(slug).success) {
    return 'Use only lower-case letters, digits and single hyphens, such as spring-registration-is-open.'
  }
  if (new Set(taken).has(slug)) {
    return `Another post already uses ${articlePath(slug)}. Choose a different address.`
  }
  return undefined
}
