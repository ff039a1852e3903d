import { describe, expect, it } from 'vitest'

import { slugSchema } from '../../entities/common.ts'
import { MAX_SLUG } from '../../entities/common.ts'
import { slugify, slugProblem, uniqueSlug } from './news-slug.ts'

describe('slugify', () => {
  it('should join the lower-cased words of a title with hyphens', () => {
    expect(slugify('Spring Registration Is Open!')).toBe('spring-registration-is-open')
  })

  it('should drop accents instead of the letters that carry them', () => {
    expect(slugify('Café Night at Señor Field')).toBe('cafe-night-at-senor-field')
  })

  it('should read an ampersand as "and"', () => {
    expect(slugify('Rules & FAQ')).toBe('rules-and-faq')
  })

  it('should keep a word with an apostrophe whole', () => {
    expect(slugify('Don’t miss the coaches’ clinic')).toBe('dont-miss-the-coaches-clinic')
  })

  it('should collapse runs of punctuation and spaces into one hyphen', () => {
    expect(slugify('  2026 -- Tryouts: 12U / 14U  ')).toBe('2026-tryouts-12u-14u')
  })

  it('should give an empty slug for a title without letters or digits', () => {
    expect(slugify(' — !? ')).toBe('')
  })

  it('should stop before the word that would pass the limit', () => {
    const slug = slugify(`${'word '.repeat(40)}end`)
    expect([slug.length <= MAX_SLUG, slug.endsWith('-'), slug.split('-').at(-1)]).toEqual([
      true,
      false,
      'word',
    ])
  })

  it('should cut a single word longer than the limit', () => {
    expect(slugify('a'.repeat(150))).toBe('a'.repeat(MAX_SLUG))
  })

  it('should make only slugs the schema stores', () => {
    const titles = ['Opening Day!', 'Ünïcödé títle', 'x'.repeat(300), '12U & 14U: Big Train']
    expect(titles.map((title) => slugSchema.safeParse(slugify(title)).success)).toEqual([
      true,
      true,
      true,
      true,
    ])
  })
})

describe('uniqueSlug', () => {
  it('should keep a slug no other post uses', () => {
    expect(uniqueSlug('tryouts', ['registration'])).toBe('tryouts')
  })

  it('should number a slug another post uses', () => {
    expect(uniqueSlug('tryouts', ['tryouts'])).toBe('tryouts-2')
  })

  it('should take the first free number', () => {
    expect(uniqueSlug('tryouts', ['tryouts', 'tryouts-2', 'tryouts-3'])).toBe('tryouts-4')
  })

  it('should shorten a long slug so that its number still fits', () => {
    const long = 'a'.repeat(MAX_SLUG)
    const slug = uniqueSlug(long, [long])
    expect([slug.length, slug.endsWith('-2')]).toEqual([MAX_SLUG, true])
  })

  it('should not leave a double hyphen when shortening ends on one', () => {
    const long = `${'a'.repeat(97)}-bc`
    expect(uniqueSlug(long, [long])).toBe(`${'a'.repeat(97)}-2`)
  })
})

describe('slugProblem', () => {
  it('should accept a free, well-formed slug', () => {
    expect(slugProblem('spring-registration', ['tryouts'])).toBeUndefined()
  })

  it('should ask for a slug when there is none', () => {
    expect(slugProblem('', [])).toBe('Give the post an address (it is made from the title).')
  })

  it('should refuse capitals, spaces and doubled hyphens', () => {
    expect(
      ['Spring', 'spring signups', 'spring--signups', '-spring'].map((s) => slugProblem(s, [])),
    ).toEqual(
      Array(4).fill(
        'Use only lower-case letters, digits and single hyphens, such as spring-registration-is-open.',
      ),
    )
  })

  it('should name the address another post already uses', () => {
    expect(slugProblem('tryouts', ['tryouts'])).toBe(
      'Another post already uses /news-and-updates/tryouts. Choose a different address.',
    )
  })

  it('should refuse a slug over the limit', () => {
    expect(slugProblem('a'.repeat(MAX_SLUG + 1), [])).toBe(
      `Keep the address to ${MAX_SLUG} characters.`,
    )
  })
})
