import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

import { sanitizeHtml, setSanitizerWindow } from './sanitize.ts'

type Window = Parameters<typeof setSanitizerWindow>[0]
// core has no jsdom typings; the shape used here is all the build relies on too.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: Window }
}

// Prerendering runs in Node, where the build hands the sanitizer a jsdom window.
setSanitizerWindow(new JSDOM('').window)

describe('sanitizeHtml when prerendering in Node', () => {
  it('should drop off-site links that look like site paths and named targets', () => {
    const html = sanitizeHtml(
      '<ul><li><a href="//evil.example/a" target="_top">a</a></li><li><a href="/\\evil.example/b" target="news">b</a></li></ul>',
    )
    expect(html).toBe('<ul><li><a>a</a></li><li><a>b</a></li></ul>')
  })

  it('should secure a link that opens a new window', () => {
    expect(sanitizeHtml('<a href="https://example.org/" target="_blank">x</a>')).toBe(
      '<a href="https://example.org/" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })
})
