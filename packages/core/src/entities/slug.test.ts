import { describe, expect, it } from 'vitest'

import { slugify, uniqueSlug } from './slug.ts'

describe('slugify', () => {
  it('reads accents, "&" and apostrophes as a reader would', () => {
    expect(slugify('Café & Coaches’ Clinic')).toBe('cafe-and-coaches-clinic')
    expect(slugify('***')).toBe('')
  })

  it('cuts at a word boundary to the length asked for, and cuts a single long word', () => {
    expect(slugify('Big Train Summer Showcase', 15)).toBe('big-train')
    expect(slugify('Supercalifragilistic', 5)).toBe('super')
  })
})

describe('uniqueSlug', () => {
  it('numbers a taken slug, keeping the suffix inside the length', () => {
    expect(uniqueSlug('select-15u', ['select-15u'])).toBe('select-15u-2')
    expect(uniqueSlug('abcdef', ['abcdef', 'abcd-2'], 6)).toBe('abcd-3')
  })
})
