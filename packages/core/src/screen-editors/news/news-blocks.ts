import { blankNewsPost } from '../../entities/built-in-documents.ts'
import { NEWS_BLOCK_TYPES } from '../../entities/news-post.ts'
import type { NewsBlock, NewsBlockOf, NewsBlockType, NewsPost } from '../../entities/news-post.ts'
import { blockColorClass } from '../../pages/news-article/block-colors.ts'
import { clubToday } from '../../club/club-time.ts'

/** What the editor calls each block type, in the order it offers them. */
export const BLOCK_TYPE_LABELS: Readonly<Record<NewsBlockType, string>> = {
  heading2: 'Heading',
  heading3: 'Subheading',
  paragraph: 'Paragraph',
  list: 'Bulleted list',
  button: 'Button',
  image: 'Image',
}

/** The block types, as the "new block" choice lists them. */
export const BLOCK_TYPE_OPTIONS = NEWS_BLOCK_TYPES.map((value) => ({
  value,
  label: BLOCK_TYPE_LABELS[value],
}))

/** One colour a block's text can take. */
export type BlockColorChoice = { value: string; label: string }

/**
 * The colour classes the editor offers. Each is one the article page maps onto a theme colour
 * (pages/news-article/block-colors.ts), so what is chosen is what visitors see; `''` leaves
 * the article's own colour.
 */
export const BLOCK_COLOR_CHOICES: readonly BlockColorChoice[] = [
  { value: '', label: 'Default' },
  { value: 'text-ink', label: 'Ink (near black)' },
  { value: 'text-navy', label: 'Navy' },
  { value: 'text-red', label: 'Red' },
  { value: 'text-muted', label: 'Grey' },
]

/**
 * The colour choices for a block whose stored class is `current`. A stored class the list does
 * not hold (the sample content's `text-slate-700`) stays choosable, named by the colour it
 * shows as, so opening a block never changes it.
 *
 * @example
 * blockColorOptions('text-slate-700').at(-1) // { value: 'text-slate-700', label: 'Ink (near black), as stored (text-slate-700)' }
 */
export function blockColorOptions(current: string): BlockColorChoice[] {
  if (BLOCK_COLOR_CHOICES.some((choice) => choice.value === current))
    return [...BLOCK_COLOR_CHOICES]
  const shown = blockColorClass(current)
  const same = BLOCK_COLOR_CHOICES.find(
    (choice) => choice.value !== '' && blockColorClass(choice.value) === shown,
  )
  const name = same && shown !== '' ? same.label : 'Default'
  return [...BLOCK_COLOR_CHOICES, { value: current, label: `${name}, as stored (${current})` }]
}

/**
 * A new, empty block of `type`. A list starts with one empty item to type into.
 *
 * @example
 * newBlock('paragraph', 'block-1') // { id: 'block-1', type: 'paragraph', colorClass: '', text: '' }
 */
export function newBlock<T extends NewsBlockType>(type: T, id: string): NewsBlockOf<T>
export function newBlock(type: NewsBlockType, id: string): NewsBlock {
  const base = { id, colorClass: '' }
  switch (type) {
    case 'heading2':
    case 'heading3':
    case 'paragraph':
      return { ...base, type, text: '' }
    case 'list':
      return { ...base, type, items: [''] }
    case 'button':
      return { ...base, type, text: '', link: '', variant: 'primary' }
    case 'image':
      return { ...base, type, src: '', alt: '', caption: '' }
  }
}

/**
 * A new, empty post dated today at the club (`YYYY-MM-DD`), out of the carousel, with no
 * blocks yet; its address is made from the title as it is typed.
 *
 * @example
 * newNewsPost('news-lq3x9a2f', new Date()).date // e.g. '2026-11-02'
 */
export function newNewsPost(id: string, now: Date): NewsPost {
  return blankNewsPost(id, clubToday(now))
}

/** How the editor names block `index` (0-based) in its controls: `block 2 (paragraph)`. */
export function blockLabel(block: NewsBlock, index: number): string {
  return `block ${index + 1} (${BLOCK_TYPE_LABELS[block.type].toLowerCase()})`
}

/** A block as the editing UI sees it: an image block's photo is named `photo`, not `src`. */
export type SurfaceBlock = Exclude<NewsBlock, { type: 'image' }> | SurfaceImageBlock
/** An image block as the editing UI sees it. */
export type SurfaceImageBlock = Omit<NewsBlockOf<'image'>, 'src'> & { photo: string }

/**
 * The part of a post the shared editing UI (lists, image picker, rich text) works on. Named for
 * the labels the UI builds from paths: "Change image: article image", "Edit blocks item 2 items
 * item 1".
 */
export type ArticleSurface = {
  articleImage: string
  cardImage: string
  blocks: SurfaceBlock[]
}

/**
 * The editing UI's view of a post.
 *
 * @example
 * toArticleSurface(post).blocks[0]
 */
export function toArticleSurface(post: NewsPost): ArticleSurface {
  return {
    articleImage: post.imageUrl,
    cardImage: post.cardImageUrl,
    blocks: post.content.map((block) => {
      if (block.type !== 'image') return block
      const { src, ...rest } = block
      return { ...rest, photo: src }
    }),
  }
}

/**
 * `post` with what the editing UI changed in `surface`.
 *
 * @example
 * fromArticleSurface(post, { ...toArticleSurface(post), cardImage: '/images/news/tryouts.svg' })
 */
export function fromArticleSurface(post: NewsPost, surface: ArticleSurface): NewsPost {
  return {
    ...post,
    imageUrl: surface.articleImage,
    cardImageUrl: surface.cardImage,
    content: surface.blocks.map((block) => {
      if (block.type !== 'image') return block
      const { photo, ...rest } = block
      return { ...rest, src: photo }
    }),
  }
}
