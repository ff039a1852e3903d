import { describe, expect, it } from 'vitest'

import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import { NEWS_BLOCK_TYPES, newsBlockSchema } from '../../entities/news-post.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { blockColorClass } from '../../pages/news-article/block-colors.ts'
import {
  BLOCK_COLOR_CHOICES,
  BLOCK_TYPE_OPTIONS,
  blockColorOptions,
  blockLabel,
  fromArticleSurface,
  newBlock,
  newNewsPost,
  toArticleSurface,
} from './news-blocks.ts'

const withImage = defaultNewsPosts.find((post) =>
  post.content.some((block) => block.type === 'image'),
) as NewsPost

describe('the block types', () => {
  it('should offer all six block types of the spec', () => {
    expect(BLOCK_TYPE_OPTIONS.map((option) => option.value)).toEqual([...NEWS_BLOCK_TYPES])
  })

  it('should start every type as a block the schema reads, once its text is filled in', () => {
    const filled = NEWS_BLOCK_TYPES.map((type) => {
      const block = newBlock(type, `b-${type}`)
      switch (block.type) {
        case 'list':
          return { ...block, items: ['One'] }
        case 'button':
          return { ...block, text: 'Go', link: '/programs' }
        case 'image':
          return { ...block, src: '/images/logo.svg', alt: 'Logo' }
        default:
          return { ...block, text: 'Words' }
      }
    })
    expect(filled.map((block) => newsBlockSchema.safeParse(block).success)).toEqual(
      NEWS_BLOCK_TYPES.map(() => true),
    )
  })

  it('should start a list with one item to type into', () => {
    expect(newBlock('list', 'b1').items).toEqual([''])
  })

  it('should start a button as a primary button', () => {
    expect(newBlock('button', 'b1').variant).toBe('primary')
  })

  it('should name a block by its position and type', () => {
    expect(blockLabel(newBlock('heading3', 'b1'), 1)).toBe('block 2 (subheading)')
  })
})

describe('the colour classes', () => {
  it('should offer only classes the article page shows in a colour, besides the default', () => {
    const shown = BLOCK_COLOR_CHOICES.filter((choice) => choice.value !== '').map((choice) =>
      blockColorClass(choice.value),
    )
    expect(shown.every((cls) => cls.startsWith('block-color--'))).toBe(true)
  })

  it('should offer each theme colour once', () => {
    const shown = BLOCK_COLOR_CHOICES.map((choice) => blockColorClass(choice.value))
    expect(new Set(shown).size).toBe(shown.length)
  })

  it('should keep a stored class the list does not hold, named by the colour it shows', () => {
    expect(blockColorOptions('text-slate-700').at(-1)).toEqual({
      value: 'text-slate-700',
      label: 'Ink (near black), as stored (text-slate-700)',
    })
  })

  it('should call a stored class the page ignores the default colour', () => {
    expect(blockColorOptions('font-bold').at(-1)?.label).toBe('Default, as stored (font-bold)')
  })

  it('should add nothing for a class the list holds', () => {
    expect(blockColorOptions('text-navy')).toEqual(BLOCK_COLOR_CHOICES)
  })
})

describe('the editing UI view of a post', () => {
  it('should name an image block photo "photo"', () => {
    const image = toArticleSurface(withImage).blocks.find((block) => block.type === 'image')
    expect(image && 'photo' in image && !('src' in image)).toBe(true)
  })

  it('should give the post back unchanged when nothing was edited', () => {
    expect(fromArticleSurface(withImage, toArticleSurface(withImage))).toEqual(withImage)
  })

  it('should write a picked photo back as the image block src', () => {
    const surface = toArticleSurface(withImage)
    const at = surface.blocks.findIndex((block) => block.type === 'image')
    const blocks = surface.blocks.map((block, index) =>
      index === at ? { ...block, photo: '/images/news/weather.svg' } : block,
    )
    const post = fromArticleSurface(withImage, { ...surface, blocks })
    expect(post.content[at]).toMatchObject({ type: 'image', src: '/images/news/weather.svg' })
  })

  it('should write the article and card images back to their fields', () => {
    const post = fromArticleSurface(withImage, {
      ...toArticleSurface(withImage),
      articleImage: '/images/news/legacy.svg',
      cardImage: '',
    })
    expect([post.imageUrl, post.cardImageUrl]).toEqual(['/images/news/legacy.svg', ''])
  })
})

describe('newNewsPost', () => {
  it('should date a new post today at the club, in Eastern time', () => {
    // 02:30 UTC on 3 November is still 2 November in Maryland.
    expect(newNewsPost('news-1', new Date('2026-11-03T02:30:00Z')).date).toBe('2026-11-02')
  })

  it('should start out of the carousel, with no address and no blocks', () => {
    const post = newNewsPost('news-1', new Date('2026-11-03T12:00:00Z'))
    expect([post.showInCarousel, post.slug, post.content]).toEqual([false, '', []])
  })
})
