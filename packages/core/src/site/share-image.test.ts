import { describe, expect, it } from 'vitest'

import { renderHeadHtml } from './head-tags.ts'
import { DEFAULT_SHARE_SOURCE, shareImagePath, shareImageTitle } from './share-image.ts'

describe('share images in the head', () => {
  it('should name a JPEG made from the page’s image, with its size and type', () => {
    const html = renderHeadHtml(
      {
        title: 'Opening Day',
        description: 'x',
        path: '/news-and-updates/opening-day',
        image: '/images/news/opening.svg',
      },
      'https://club.example.org',
    )
    const image = `https://club.example.org${shareImagePath('/images/news/opening.svg', 'Opening Day')}`
    expect(image).toMatch(/^https:\/\/club\.example\.org\/share\/[0-9a-f]{14}\.jpg$/)
    expect(html).toContain(`<meta property="og:image" content="${image}" />`)
    expect(html).toContain(`<meta name="twitter:image" content="${image}" />`)
    expect(html).toContain('<meta property="og:image:type" content="image/jpeg" />')
    expect(html).toContain('<meta property="og:image:width" content="1200" />')
    expect(html).toContain('<meta property="og:image:height" content="630" />')
    expect(html).not.toMatch(/content="[^"]*\.svg"/)
  })

  it('should use the default picture’s share image for a page without one', () => {
    const html = renderHeadHtml({ title: 'Rules', description: 'x', path: '/rules' }, '')
    expect(html).toContain(`content="${shareImagePath(DEFAULT_SHARE_SOURCE, 'Rules')}"`)
  })

  it('should give different images different names, and the same image the same', () => {
    expect(shareImagePath('/images/a.svg')).toBe(shareImagePath('/images/a.svg'))
    expect(shareImagePath('/images/a.svg')).not.toBe(shareImagePath('/images/b.svg'))
  })

  it('should give each title its own image, drawn without the club’s name after it', () => {
    expect(shareImagePath('/images/a.svg', 'Rules')).not.toBe(
      shareImagePath('/images/a.svg', 'Weather Policy'),
    )
    expect(
      shareImageTitle('Fields | Youth Baseball & Softball', ['Youth Baseball & Softball']),
    ).toBe('Fields')
    expect(shareImageTitle('x'.repeat(200), []).length).toBeLessThanOrEqual(90)
  })
})
