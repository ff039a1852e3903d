import { MAX_SLUG, slugSchema } from '../../entities/common.ts'
import { newsPostSchema } from '../../entities/news-post.ts'
import { slugify as slugifyText, uniqueSlug as uniqueSlugOf } from '../../entities/slug.ts'
import { paths } from '../../routing/public-paths.ts'
import { schemaError } from '../shared/schema-errors.ts'

/** Where an article with this slug is read by visitors. */
export const articlePath = (slug: string) => paths.newsPost(slug)

/** The slug a title reads as, cut to {@link MAX_SLUG} characters (entities/slug.ts). */
export const slugify = (title: string): string => slugifyText(title, MAX_SLUG)

/** `slug` if no other post uses it, else `slug-2`, `slug-3`, … (entities/slug.ts). */
export const uniqueSlug = (slug: string, taken: Iterable<string>): string =>
  uniqueSlugOf(slug, taken, MAX_SLUG)

/**
 * What is wrong with `slug` as the address of a post, in words for the editor, or undefined
 * when it can be stored: it must be given, fit the slug rule and not be used by another post.
 *
 * @example
 * slugProblem('Spring Signups', []) // 'Use only lower-case letters, digits and single hyphens, …'
 */
export function slugProblem(slug: string, taken: Iterable<string>): string | undefined {
  if (slug === '') return 'Give the post an address (it is made from the title).'
  // Too long, in the schema's words (entities/news-post.ts).
  const tooLong = schemaError(newsPostSchema.shape.slug, slug, { only: ['too_big'] })
  if (tooLong) return tooLong
  if (!slugSchema.safeParse(slug).success) {
    return 'Use only lower-case letters, digits and single hyphens, such as spring-registration-is-open.'
  }
  if (new Set(taken).has(slug)) {
    return `Another post already uses ${articlePath(slug)}. Choose a different address.`
  }
  return undefined
}
