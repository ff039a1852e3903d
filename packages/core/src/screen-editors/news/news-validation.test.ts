import { describe, expect, it } from 'vitest'

import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import type { NewsBlock, NewsPost } from '../../entities/news-post.ts'
import { newBlock } from './news-blocks.ts'
import {
  cleanNewsPost,
  countNewsPostProblems,
  isBlankHtml,
  validateNewsPost,
} from './news-validation.ts'

const sample = defaultNewsPosts[0] as NewsPost
const others = defaultNewsPosts.slice(1).map((post) => post.slug)

const withBlocks = (...content: NewsBlock[]): NewsPost => ({ ...sample, content })
const blockErrors = (block: NewsBlock) =>
  validateNewsPost(cleanNewsPost(withBlocks(block)), others).blocks[block.id]

describe('cleanNewsPost', () => {
  it('should trim the text fields', () => {
    const cleaned = cleanNewsPost({ ...sample, title: '  Opening Day ', author: ' Pat ' })
    expect([cleaned.title, cleaned.author]).toEqual(['Opening Day', 'Pat'])
  })

  it('should drop list items that show no text', () => {
    const list = { ...newBlock('list', 'l1'), items: ['One', ' ', '<p><br></p>', 'Two&nbsp;'] }
    expect(cleanNewsPost(withBlocks(list)).content[0]).toMatchObject({
      items: ['One', 'Two&nbsp;'],
    })
  })

  it('should trim a button link and text', () => {
    const button = { ...newBlock('button', 'b1'), text: ' Go ', link: ' /programs ' }
    expect(cleanNewsPost(withBlocks(button)).content[0]).toMatchObject({
      text: 'Go',
      link: '/programs',
    })
  })
})

describe('isBlankHtml', () => {
  it('should see markup with no words as blank', () => {
    expect(['', '<br>', '<p> </p>', '&nbsp;', '<strong></strong>'].map(isBlankHtml)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
  })

  it('should see a word inside markup as text', () => {
    expect(isBlankHtml('<strong>Fee</strong>')).toBe(false)
  })
})

describe('validateNewsPost', () => {
  it('should accept every sample post', () => {
    const problems = defaultNewsPosts.map((post) =>
      countNewsPostProblems(
        validateNewsPost(
          cleanNewsPost(post),
          defaultNewsPosts.filter((other) => other.id !== post.id).map((other) => other.slug),
        ),
      ),
    )
    expect(problems).toEqual(defaultNewsPosts.map(() => 0))
  })

  it('should ask for a title', () => {
    expect(validateNewsPost({ ...sample, title: '' }, others).fields.title).toBe(
      'Give the post a title.',
    )
  })

  it('should refuse the address of another post', () => {
    const taken = others[0] as string
    expect(validateNewsPost({ ...sample, slug: taken }, others).fields.slug).toBe(
      `Another post already uses /news-and-updates/${taken}. Choose a different address.`,
    )
  })

  it('should refuse a date that is not in the calendar', () => {
    expect(validateNewsPost({ ...sample, date: '2026-02-30' }, others).fields.date).toBe(
      'Use a real date, such as 2026-11-02.',
    )
  })

  it('should ask for a date when there is none', () => {
    expect(validateNewsPost({ ...sample, date: '' }, others).fields.date).toBe(
      'Choose the date the post is published.',
    )
  })

  it('should ask for the text of an empty heading', () => {
    expect(blockErrors(newBlock('heading2', 'h1'))).toEqual({
      text: 'Type the heading, or remove the block.',
    })
  })

  it('should ask for the text of an empty paragraph', () => {
    expect(blockErrors(newBlock('paragraph', 'p1'))).toEqual({
      text: 'Type the paragraph, or remove the block.',
    })
  })

  it('should ask for an item in a list left empty', () => {
    expect(blockErrors(newBlock('list', 'l1'))).toEqual({
      items: 'Add at least one item, or remove the block.',
    })
  })

  it('should ask for a button’s words and where it goes', () => {
    expect(blockErrors(newBlock('button', 'b1'))).toEqual({
      text: 'Type the words on the button.',
      link: 'Choose where the button goes.',
    })
  })

  it('should refuse a javascript: link on a button', () => {
    const button = { ...newBlock('button', 'b1'), text: 'Go', link: 'javascript:alert(1)' }
    expect(blockErrors(button)?.link).toMatch(/javascript/)
  })

  it('should refuse a link with a space in it', () => {
    const button = { ...newBlock('button', 'b1'), text: 'Go', link: '/programs and more' }
    expect(blockErrors(button)?.link).toMatch(/^Links cannot hold spaces/)
  })

  it('should ask for an image block’s photo and its description', () => {
    expect(blockErrors(newBlock('image', 'i1'))).toEqual({
      photo: 'Choose a photo from the library.',
      alt: 'Describe the photo for people who cannot see it.',
    })
  })

  it('should refuse a colour class that could break out of its attribute', () => {
    const heading = { ...newBlock('heading2', 'h1'), text: 'Hi', colorClass: 'x" onclick="y' }
    expect(blockErrors(heading)).toEqual({ colorClass: 'Choose a colour from the list.' })
  })

  it('should report each block’s problems under its own id', () => {
    const errors = validateNewsPost(
      withBlocks({ ...newBlock('paragraph', 'ok'), text: 'Fine' }, newBlock('paragraph', 'empty')),
      others,
    )
    expect(Object.keys(errors.blocks)).toEqual(['empty'])
  })

  it('should count every problem of the post and its blocks', () => {
    const errors = validateNewsPost(
      { ...withBlocks(newBlock('button', 'b1')), title: '', date: '' },
      others,
    )
    expect(countNewsPostProblems(errors)).toBe(4)
  })
})
