import { z } from 'zod'
import {
  buttonVariantSchema,
  classListSchema,
  htmlNamed,
  idSchema,
  imageSrcOrEmptySchema,
  imageSrcSchema,
  isoDateSchema,
  isoDateTimeSchema,
  linkSchema,
  shortTextNamed,
  slugNamed,
  slugSchema,
  textNamed,
} from './common.ts'
import { MAX_NEWS_BLOCKS, MAX_NEWS_LIST_ITEMS } from './enums.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** The kinds of block an article body is made of. */
export const NEWS_BLOCK_TYPES = [
  'heading2',
  'heading3',
  'paragraph',
  'list',
  'button',
  'image',
] as const

// Every block has an id and a colour class (CSS classes for its text colour; '' for the default).
const blockBase = {
  id: idSchema,
  colorClass: withNeutral(classListSchema, ''),
}

/** A second-level heading. */
export const heading2BlockSchema = z.object({
  ...blockBase,
  type: z.literal('heading2'),
  text: shortTextNamed('a heading'),
})

/** A third-level heading. */
export const heading3BlockSchema = z.object({
  ...blockBase,
  type: z.literal('heading3'),
  text: shortTextNamed('a heading'),
})

/** A paragraph of plain text. */
export const paragraphBlockSchema = z.object({
  ...blockBase,
  type: z.literal('paragraph'),
  text: textNamed('a paragraph'),
})

// Zod-free, so that the article page and its editor read the same limits as this schema.
export { MAX_NEWS_BLOCKS, MAX_NEWS_LIST_ITEMS }

/** A bulleted list; each item is an HTML fragment, sanitized when rendered. */
export const listBlockSchema = z.object({
  ...blockBase,
  type: z.literal('list'),
  items: z
    .array(htmlNamed('each item'))
    .max(MAX_NEWS_LIST_ITEMS, { message: `Keep a list to ${MAX_NEWS_LIST_ITEMS} items.` }),
})

/** A call-to-action button. */
export const buttonBlockSchema = z.object({
  ...blockBase,
  type: z.literal('button'),
  text: shortTextNamed('the button’s words'),
  link: linkSchema,
  variant: withNeutral(buttonVariantSchema, 'primary'),
})

/** An image with alternative text and an optional caption (`''` for none). */
export const imageBlockSchema = z.object({
  ...blockBase,
  type: z.literal('image'),
  src: imageSrcSchema,
  alt: withNeutral(shortTextNamed('the description'), ''),
  caption: withNeutral(shortTextNamed('the caption'), ''),
})

/** One block of an article body, told apart by `type`. */
export const newsBlockSchema = z.discriminatedUnion('type', [
  heading2BlockSchema,
  heading3BlockSchema,
  paragraphBlockSchema,
  listBlockSchema,
  buttonBlockSchema,
  imageBlockSchema,
])

/**
 * A news article (spec §3). The `card*` fields are the shorter versions used on cards and in the
 * carousel; `showInCarousel` puts the article in the home carousel. `date` is `YYYY-MM-DD`.
 */
export const newsPostSchema = z.object({
  id: idSchema,
  slug: slugNamed('the address'),
  title: shortTextNamed('the title'),
  cardTitle: withNeutral(shortTextNamed('the card title'), ''),
  author: withNeutral(shortTextNamed('the author'), ''),
  date: isoDateSchema,
  imageUrl: withNeutral(imageSrcOrEmptySchema, ''),
  cardImageUrl: withNeutral(imageSrcOrEmptySchema, ''),
  excerpt: withNeutral(textNamed('the summary'), ''),
  cardExcerpt: withNeutral(textNamed('the card summary'), ''),
  showInCarousel: withNeutral(z.boolean(), false),
  content: uniqueArray(
    newsBlockSchema,
    { id: (block) => block.id },
    MAX_NEWS_BLOCKS,
    `A post can hold at most ${MAX_NEWS_BLOCKS} blocks. Remove some, then save again.`,
  ),
  /**
   * The slugs the post was published under before (added later, hence optional): the news
   * editor records the old one when a saved post's slug changes, and the site keeps
   * redirecting them to the post's address.
   */
  previousSlugs: z.array(slugSchema).max(50).optional(),
})

/**
 * The newest news posts' cards (content key `newsPosts`, newest first): what home, the carousel and
 * the news list's first page show. The database keeps it from the posts' rows (card fields only,
 * `content` empty), so it never grows with the archive.
 */
export const newsPostsSchema = uniqueArray(newsPostSchema, { id: (post) => post.id }, 1_000)

/**
 * A news post not on the site yet, as the editor holds it: a draft, or scheduled when `publishAt`
 * (an instant with its zone) is set; the database publishes it at its time
 * (supabase/migrations/*_news_posts_as_rows.sql).
 */
export const newsDraftSchema = newsPostSchema.extend({
  // With its zone, as the database requires (news_publish_at): anything else never publishes.
  publishAt: isoDateTimeSchema
    .refine((value) => /(?:Z|[+-]\d{2}:\d{2})$/.test(value) && !/\.\d{7}/.test(value), {
      message: 'Invalid time (expected an ISO 8601 instant with its zone)',
    })
    .optional(),
})

/**
 * One news post as stored (content key `news/<id>`, one row each): the post, whether it is on the
 * site (`published`), and for a draft its scheduled time. Visitors read only published posts
 * (and scheduled ones whose time has come).
 */
export const storedNewsPostSchema = newsDraftSchema.extend({
  published: withNeutral(z.boolean(), false),
})

/** A news post as stored under `news/<id>`. */
export type StoredNewsPost = z.infer<typeof storedNewsPostSchema>

/** A draft or scheduled news post. */
export type NewsDraft = z.infer<typeof newsDraftSchema>

/** A news article (spec §3). */
export type NewsPost = z.infer<typeof newsPostSchema>
/** One block of an article body. */
export type NewsBlock = z.infer<typeof newsBlockSchema>
/** The `type` of a news block. */
export type NewsBlockType = NewsBlock['type']
/** A block of the given type. */
export type NewsBlockOf<T extends NewsBlockType> = Extract<NewsBlock, { type: T }>

/** A year that has news posts on the site, and how many (the news list's year filter). */
export type NewsYear = { year: number; posts: number }
