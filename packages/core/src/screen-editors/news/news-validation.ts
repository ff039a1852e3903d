import {
  classListSchema,
  imageSrcOrEmptySchema,
  isoDateSchema,
  linkSchema,
} from '../../entities/common.ts'
import { classifyLink } from '../../entities/links.ts'
import { newsPostSchema } from '../../entities/news-post.ts'
import type { NewsBlock, NewsPost } from '../../entities/news-post.ts'
import { pathKey, schemaErrors } from '../shared/schema-errors.ts'
import type { SchemaErrors } from '../shared/schema-errors.ts'
import { slugProblem } from './news-slug.ts'

/** The fields of a post the editor can show a problem next to. */
export type PostField =
  | 'title'
  | 'slug'
  | 'date'
  | 'author'
  | 'cardTitle'
  | 'excerpt'
  | 'cardExcerpt'
  | 'imageUrl'
  | 'cardImageUrl'

/** The fields of a block the editor can show a problem next to (`photo` is an image's `src`). */
export type BlockField = 'text' | 'items' | 'link' | 'photo' | 'alt' | 'caption' | 'colorClass'

/** A block's problems by field, in words for the editor. */
export type BlockErrors = Partial<Record<BlockField, string>>

/**
 * The problems of a post: by field (`post` for what no field explains), and by block id. Both
 * empty when it can be saved.
 */
export type NewsPostErrors = {
  fields: Partial<Record<PostField | 'post', string>>
  blocks: Record<string, BlockErrors>
}

const LINK_HELP =
  'Use a site path such as /programs, a web address starting with https://, or a mailto: or tel: link.'

/** True when an HTML fragment shows no text (`''`, `<br>`, `&nbsp;`). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  )
}

function cleanBlock(block: NewsBlock): NewsBlock {
  const colorClass = block.colorClass.trim()
  switch (block.type) {
    case 'heading2':
    case 'heading3':
    case 'paragraph':
      return { ...block, colorClass, text: block.text.trim() }
    case 'list':
      return {
        ...block,
        colorClass,
        items: block.items.map((item) => item.trim()).filter((item) => !isBlankHtml(item)),
      }
    case 'button':
      return { ...block, colorClass, text: block.text.trim(), link: block.link.trim() }
    case 'image':
      return {
        ...block,
        colorClass,
        src: block.src.trim(),
        alt: block.alt.trim(),
        caption: block.caption.trim(),
      }
  }
}

/**
 * The post as it will be stored: text trimmed, and list items that show nothing dropped.
 *
 * @example
 * cleanNewsPost({ ...post, title: '  Opening Day ' }).title // 'Opening Day'
 */
export function cleanNewsPost(post: NewsPost): NewsPost {
  return {
    ...post,
    slug: post.slug.trim(),
    title: post.title.trim(),
    cardTitle: post.cardTitle.trim(),
    author: post.author.trim(),
    date: post.date.trim(),
    excerpt: post.excerpt.trim(),
    cardExcerpt: post.cardExcerpt.trim(),
    content: post.content.map(cleanBlock),
  }
}

function linkProblem(link: string): string | undefined {
  if (link === '') return 'Choose where the button goes.'
  const classified = classifyLink(link)
  if (classified.kind === 'refused') return `${classified.reason}. ${LINK_HELP}`
  if (!linkSchema.safeParse(link).success) {
    return `Links cannot hold spaces, quotes or angle brackets. ${LINK_HELP}`
  }
  return undefined
}

/**
 * The problems of the block at `index`; `refused` is what the post's schema refuses, by path,
 * which holds the limits and their words (entities/news-post.ts).
 */
function blockProblems(block: NewsBlock, index: number, refused: SchemaErrors): BlockErrors {
  const errors: BlockErrors = {}
  const set = (field: BlockField, problem: string | undefined) => {
    if (problem) errors[field] = problem
  }
  const limit = (field: string) => refused[pathKey('content', index, field)]
  if (!classListSchema.safeParse(block.colorClass).success) {
    errors.colorClass = 'Choose a colour from the list.'
  }
  switch (block.type) {
    case 'heading2':
    case 'heading3':
      set('text', block.text === '' ? 'Type the heading, or remove the block.' : limit('text'))
      break
    case 'paragraph':
      set('text', block.text === '' ? 'Type the paragraph, or remove the block.' : limit('text'))
      break
    case 'list':
      if (block.items.length === 0) errors.items = 'Add at least one item, or remove the block.'
      else {
        set(
          'items',
          limit('items') ?? block.items.map((_, item) => limit(`items.${item}`)).find(Boolean),
        )
      }
      break
    case 'button':
      set('text', block.text === '' ? 'Type the words on the button.' : limit('text'))
      set('link', linkProblem(block.link))
      break
    case 'image':
      if (block.src === '') errors.photo = 'Choose a photo from the library.'
      else if (!imageSrcOrEmptySchema.safeParse(block.src).success) {
        errors.photo = 'This image address cannot be used. Choose a photo from the library.'
      }
      set(
        'alt',
        block.alt === '' ? 'Describe the photo for people who cannot see it.' : limit('alt'),
      )
      set('caption', limit('caption'))
      break
  }
  return errors
}

/**
 * Checks a post (as {@link cleanNewsPost} leaves it) before saving: a title, an address that is
 * well formed and used by no other post, a real date, the length limits, images from the
 * library, and for each block what it needs (text, at least one list item, a button's link,
 * an image's photo and description). What the schema refuses that no field explains is
 * reported under `fields.post`.
 *
 * @example
 * validateNewsPost(cleanNewsPost(post), ['tryouts']).fields.slug
 */
export function validateNewsPost(post: NewsPost, otherSlugs: Iterable<string>): NewsPostErrors {
  const fields: NewsPostErrors['fields'] = {}
  const set = (field: PostField, problem: string | undefined) => {
    if (problem && !fields[field]) fields[field] = problem
  }
  // The limits and their words are the schema's (entities/news-post.ts).
  const refused = schemaErrors(newsPostSchema, post)
  set('title', post.title === '' ? 'Give the post a title.' : refused.title)
  set('slug', slugProblem(post.slug, otherSlugs))
  if (post.date === '') set('date', 'Choose the date the post is published.')
  else if (!isoDateSchema.safeParse(post.date).success) {
    set('date', 'Use a real date, such as 2026-11-02.')
  }
  for (const field of ['author', 'cardTitle', 'excerpt', 'cardExcerpt'] as const) {
    set(field, refused[field])
  }
  for (const field of ['imageUrl', 'cardImageUrl'] as const) {
    if (!imageSrcOrEmptySchema.safeParse(post[field]).success) {
      set(field, 'This image address cannot be used. Choose a photo from the library.')
    }
  }

  const blocks: NewsPostErrors['blocks'] = {}
  post.content.forEach((block, index) => {
    const problems = blockProblems(block, index, refused)
    if (Object.keys(problems).length > 0) blocks[block.id] = problems
  })
  if (refused.content) fields.post = refused.content

  const errors = { fields, blocks }
  if (countNewsPostProblems(errors) === 0 && Object.keys(refused).length > 0) {
    fields.post = 'This post cannot be stored as it is. Check each block, then save again.'
  }
  return errors
}

/** How many problems `errors` holds, for the summary above the save button. */
export function countNewsPostProblems(errors: NewsPostErrors): number {
  return (
    Object.keys(errors.fields).length +
    Object.values(errors.blocks).reduce((sum, block) => sum + Object.keys(block).length, 0)
  )
}
