import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { newsFeed } from './news-feed.ts'

// core has no jsdom typings: its XML parser is reached through require.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (text: string, options: { contentType: string }) => { window: { document: Document } }
}

describe('newsFeed', () => {
  const [first, second] = DEFAULT_CONTENT.newsPosts
  const posts = [
    { ...first!, date: '2026-01-02', title: 'Older <b>& bold</b>' },
    { ...second!, date: '2026-03-04', imageUrl: '/images/news/a.jpg' },
  ]
  const xml = newsFeed(posts, 'https://club.example.org/', new Date('2026-05-01T00:00:00Z'))
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document

  it('should be well-formed RSS 2.0 with one item per post, newest first', () => {
    expect(doc.querySelector('parsererror')).toBeNull()
    expect(doc.documentElement.getAttribute('version')).toBe('2.0')
    const links = [...doc.querySelectorAll('item > link')].map((link) => link.textContent)
    expect(links).toEqual([
      `https://club.example.org/news-and-updates/${second!.slug}`,
      `https://club.example.org/news-and-updates/${first!.slug}`,
    ])
  })

  it('should keep stored text as text', () => {
    const titles = [...doc.querySelectorAll('item > title')].map((title) => title.textContent)
    expect(titles).toContain('Older <b>& bold</b>')
  })

  it("should give each post's date and image", () => {
    const item = doc.querySelector('item')!
    expect(item.querySelector('pubDate')?.textContent).toBe('Wed, 04 Mar 2026 12:00:00 GMT')
    expect(item.getElementsByTagName('media:content')[0]?.getAttribute('url')).toBe(
      'https://club.example.org/images/news/a.jpg',
    )
  })
})
