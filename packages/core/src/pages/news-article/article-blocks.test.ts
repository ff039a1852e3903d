import { describe, expect, it } from 'vitest'

import { newsBlockSchema } from '../../entities/news-post.ts'
import type { NewsBlock } from '../../entities/news-post.ts'
import { blockLabel, newParagraphBlock } from './article-blocks.ts'

const base = { id: 'b', colorClass: '' }

describe('blockLabel', () => {
  it.each<{ block: NewsBlock; position: number; label: string }>([
    {
      block: { ...base, type: 'heading2', text: 'Opening day' },
      position: 0,
      label: 'Heading 1: Opening day',
    },
    {
      block: { ...base, type: 'heading3', text: 'Parking' },
      position: 1,
      label: 'Subheading 2: Parking',
    },
    {
      block: { ...base, type: 'list', items: ['<strong>Bring</strong> a glove', 'Water'] },
      position: 2,
      label: 'List 3: Bring a glove',
    },
    {
      block: { ...base, type: 'button', text: 'Register', link: '/programs', variant: 'primary' },
      position: 3,
      label: 'Button 4: Register',
    },
    {
      block: { ...base, type: 'image', src: '/a.jpg', alt: 'Dugout', caption: 'The new dugout' },
      position: 4,
      label: 'Image 5: Dugout',
    },
    {
      block: { ...base, type: 'image', src: '/a.jpg', alt: '', caption: 'The new dugout' },
      position: 4,
      label: 'Image 5: The new dugout',
    },
    {
      block: { ...base, type: 'image', src: '/a.jpg', alt: '', caption: '' },
      position: 5,
      label: 'Image 6',
    },
  ])('should label a $block.type block "$label"', ({ block, position, label }) => {
    expect(blockLabel(block, position)).toBe(label)
  })

  it('should quote only the start of a long paragraph, cut at a word', () => {
    const text =
      'Registration for the spring season opens on the first of February for every program'
    expect(blockLabel({ ...base, type: 'paragraph', text }, 0)).toBe(
      'Paragraph 1: Registration for the spring season opens…',
    )
  })
})

describe('newParagraphBlock', () => {
  it('should be a valid paragraph block with an id of its own', () => {
    const [a, b] = [newParagraphBlock(), newParagraphBlock()]
    expect([newsBlockSchema.safeParse(a).success, a.type, a.id === b.id]).toEqual([
      true,
      'paragraph',
      false,
    ])
  })
})
