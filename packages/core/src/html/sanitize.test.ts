// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { sanitizeHtml } from './sanitize.ts'

function anchorOf(html: string): HTMLAnchorElement | null {
  const holder = document.createElement('div')
  holder.innerHTML = sanitizeHtml(html)
  return holder.querySelector('a')
}

describe('sanitizeHtml links', () => {
  it.each([
    '//evil.example/a',
    '/\\evil.example/b',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/.//evil.example',
    'java&#10;script:alert(1)',
    'java&#9;script:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    'vbscript:msgbox(1)',
    'https://club.example@evil.example/',
    '//user:pw@evil.example/',
  ])('should drop the href %j, keeping the text', (href) => {
    const a = anchorOf(`<a href="${href}" target="_blank">Read more</a>`)
    expect(a?.textContent).toBe('Read more')
    expect(a?.hasAttribute('href')).toBe(false)
    expect(a?.hasAttribute('target')).toBe(false)
  })

  it('should keep site paths as the browser resolves them, without rel', () => {
    const a = anchorOf('<a href="/programs/../news-and-updates#top" rel="opener">News</a>')
    expect(a?.getAttribute('href')).toBe('/news-and-updates#top')
    expect(a?.hasAttribute('rel')).toBe(false)
  })

  it('should give links that leave the site noopener noreferrer, whatever rel was stored', () => {
    const a = anchorOf('<a href="HTTPS://Example.org/give" rel="opener">Give</a>')
    expect(a?.getAttribute('href')).toBe('https://example.org/give')
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(a?.hasAttribute('target')).toBe(false)
  })

  it.each(['_top', '_parent', '_self', 'results', 'evil-window'])(
    'should drop target=%j',
    (target) => {
      const a = anchorOf(`<a href="https://example.org/" target="${target}">x</a>`)
      expect(a?.hasAttribute('target')).toBe(false)
      expect(a?.getAttribute('rel')).toBe('noopener noreferrer')
    },
  )

  it('should keep target _blank only with noopener noreferrer, also for site paths', () => {
    const outside = anchorOf('<a href="https://example.org/" target="_BLANK">x</a>')
    expect(outside?.getAttribute('target')).toBe('_blank')
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer')
    const inside = anchorOf('<a href="/rules" target="_blank">x</a>')
    expect(inside?.getAttribute('target')).toBe('_blank')
    expect(inside?.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('should keep mail, phone and in-page links', () => {
    expect(anchorOf('<a href="mailto:info@club.example">m</a>')?.getAttribute('href')).toBe(
      'mailto:info@club.example',
    )
    expect(anchorOf('<a href="tel:+13015550100">t</a>')?.getAttribute('href')).toBe(
      'tel:+13015550100',
    )
    expect(anchorOf('<a href="#faq">f</a>')?.getAttribute('href')).toBe('#faq')
  })

  it('should still strip scripts, handlers and images', () => {
    const html = sanitizeHtml(
      '<img src=x onerror="alert(1)"><script>alert(1)</script><b onclick="alert(1)">bold</b>',
    )
    expect(html).toBe('<b>bold</b>')
  })
})
