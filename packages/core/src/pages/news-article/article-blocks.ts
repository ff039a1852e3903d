import { uniqueId } from '../../entities/unique-id.ts'
import type { NewsBlock } from '../../entities/news-post.ts'

/** How each block type is named to an editor. */
const TYPE_NAMES: Record<NewsBlock['type'], string> = {
  heading2: 'Heading',
  heading3: 'Subheading',
  paragraph: 'Paragraph',
  list: 'List',
  button: 'Button',
  image: 'Image',
}

/** The longest excerpt of a block's text a label quotes. */
const EXCERPT_LENGTH = 40

function excerpt(text: string): string {
  const clean = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (clean.length <= EXCERPT_LENGTH) return clean
  // One character more, so that a word ending right at the limit is kept whole.
  const cut = clean.slice(0, EXCERPT_LENGTH + 1)
  const space = cut.lastIndexOf(' ')
  return `${space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut.slice(0, EXCERPT_LENGTH)}…`
}

/**
 * How an editor's list controls name a block of an article body ("Move Paragraph 3: Tryouts
 * start… up"): its type, its place and the start of its words, so that two blocks of one
 * type are told apart.
 *
 * @example
 * blockLabel({ id: 'b1', type: 'paragraph', colorClass: '', text: 'Opening day is here' }, 0)
 * // 'Paragraph 1: Opening day is here'
 */
export function blockLabel(block: NewsBlock, position: number): string {
  const words =
    block.type === 'list'
      ? (block.items[0] ?? '')
      : block.type === 'image'
        ? block.alt || block.caption
        : block.text
  const quoted = excerpt(words)
  return `${TYPE_NAMES[block.type]} ${position + 1}${quoted ? `: ${quoted}` : ''}`
}

/**
 * The block an editor adds to an article in place: a paragraph to type over. Other block
 * types are chosen in the News editor.
 *
 * @example
 * newParagraphBlock() // { id: 'block-…', type: 'paragraph', colorClass: '', text: 'New paragraph' }
 */
export function newParagraphBlock(): NewsBlock {
  return { id: uniqueId('block'), type: 'paragraph', colorClass: '', text: 'New paragraph' }
}
