// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { excerptParts, resultsMessage, searchHit, sitePath } from './search-results.ts'

describe('excerptParts', () => {
  it('should keep the words Pagefind marked and the text between them', () => {
    expect(excerptParts('Our <mark>tryouts</mark> start &amp; end')).toEqual([
      { text: 'Our ', marked: false },
      { text: 'tryouts', marked: true },
      { text: ' start & end', marked: false },
    ])
  })

  it('should keep only the text of any other markup, running and loading nothing', () => {
    const parts = excerptParts(
      '<img src=x onerror="window.hacked=1"><mark><b>refund</b></mark> &lt;script&gt; <a href="javascript:x">policy</a>',
    )
    expect(parts).toEqual([
      { text: 'refund', marked: true },
      { text: ' <script> policy', marked: false },
    ])
    expect((window as { hacked?: number }).hacked).toBeUndefined()
  })
})

describe('sitePath', () => {
  it('should take a path of this site and refuse anything else', () => {
    expect(sitePath('/programs/select#tryouts')).toBe('/programs/select#tryouts')
    for (const bad of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\\evil',
      3,
    ])
      expect(sitePath(bad)).toBeUndefined()
  })
})

describe('searchHit', () => {
  const page = {
    url: '/programs/select',
    excerpt: 'The <mark>Select</mark> program',
    meta: { title: 'Select', kind: 'Program' },
  }

  it('should lead to the section with the most words found, named by its heading', () => {
    const hit = searchHit({
      ...page,
      sub_results: [
        { title: 'Select', url: '/programs/select', excerpt: 'x', locations: [1, 2, 3, 4] },
        { title: 'About', url: '/programs/select#about', excerpt: 'a', locations: [5] },
        {
          title: 'Tryouts',
          url: '/programs/select#program-tryouts-title',
          excerpt: '<mark>Tryout</mark> dates',
          locations: [8, 9],
        },
      ],
    })
    expect(hit).toEqual({
      path: '/programs/select#program-tryouts-title',
      title: 'Select',
      section: 'Tryouts',
      kind: 'Program',
      excerpt: [
        { text: 'Tryout', marked: true },
        { text: ' dates', marked: false },
      ],
    })
  })

  it("should lead to the page with its own excerpt when no section's heading has an id", () => {
    expect(searchHit(page)).toMatchObject({ path: '/programs/select', kind: 'Program' })
    expect(searchHit(page)?.section).toBeUndefined()
  })

  it('should drop a result that leads off the site', () => {
    expect(searchHit({ ...page, url: 'https://evil.example/' })).toBeUndefined()
  })
})

describe('resultsMessage', () => {
  it('should say how many results there are, and how many show', () => {
    expect(resultsMessage(1, ' tryout ', 1)).toBe('1 result for “tryout”.')
    expect(resultsMessage(14, 'tryout', 10)).toBe('14 results for “tryout”, the best 10 shown.')
    expect(resultsMessage(0, 'zzz', 0)).toBe('No results for “zzz”. Try other or fewer words.')
  })
})
