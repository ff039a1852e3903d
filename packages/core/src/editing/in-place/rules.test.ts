// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { cleanEditorHtml } from './clean-html.ts'
import { linkFieldsOf } from './link-editor.tsx'
import { checkLink, siteRoutes } from './link-rules.ts'
import { targetLabel } from './target-label.ts'

describe('cleanEditorHtml', () => {
  it('should drop an image with an error handler', () => {
    expect(cleanEditorHtml('<p>Hi<img src=x onerror="alert(1)"></p>')).toBe('Hi')
  })

  it('should drop a javascript: href', () => {
    expect(cleanEditorHtml('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<a>x</a>')
  })

  it('should store a lone paragraph as its content', () => {
    expect(cleanEditorHtml('<p>Bring <strong>water</strong></p>')).toBe(
      'Bring <strong>water</strong>',
    )
  })

  it('should keep several paragraphs as they are', () => {
    expect(cleanEditorHtml('<p>One</p><p>Two</p>')).toBe('<p>One</p><p>Two</p>')
  })

  it('should keep a bulleted list', () => {
    expect(cleanEditorHtml('<ul><li><p>A</p></li></ul>')).toBe('<ul><li><p>A</p></li></ul>')
  })
})

describe('checkLink', () => {
  it.each([
    '/programs',
    '#tryouts',
    'https://example.org/',
    'mailto:info@example.org',
    'tel:+13015550100',
  ])('should accept %s', (link) => {
    expect(checkLink(link).ok).toBe(true)
  })

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    '//evil.example',
    'programs',
    'ftp://example.org',
  ])('should refuse %s', (link) => {
    expect(checkLink(link).ok).toBe(false)
  })

  it('should explain a relative address', () => {
    expect(checkLink('programs')).toEqual({
      ok: false,
      message: 'Start site paths with / and web addresses with https://',
    })
  })
})

describe('siteRoutes', () => {
  it('should start with the main navigation', () => {
    expect(siteRoutes(DEFAULT_CONTENT)[0]).toEqual({ path: '/', label: 'Home (/)' })
  })

  it('should list every page once', () => {
    const paths = siteRoutes(DEFAULT_CONTENT).map((route) => route.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('should include the program pages', () => {
    expect(siteRoutes(DEFAULT_CONTENT).map((route) => route.path)).toContain('/programs/tee-ball')
  })

  it('should offer the stored posts, not the samples', () => {
    const [sample] = DEFAULT_CONTENT.newsPosts
    const stored = { ...sample!, id: 'post-stored', slug: 'a-stored-post' }
    const paths = siteRoutes({ ...DEFAULT_CONTENT, newsPosts: [stored] }).map((r) => r.path)
    expect(paths).toContain('/news-and-updates/a-stored-post')
    expect(paths).not.toContain(`/news-and-updates/${sample!.slug}`)
  })
})

describe('linkFieldsOf', () => {
  it('should edit the string itself when the path names a link', () => {
    expect(linkFieldsOf('/contact', ['faq', 'contactLink'])).toEqual({
      linkPath: ['faq', 'contactLink'],
    })
  })

  it('should find a button link and its text', () => {
    expect(linkFieldsOf({ buttonText: 'Join', buttonLink: '/' }, ['hero'])).toEqual({
      linkPath: ['hero', 'buttonLink'],
      textPath: ['hero', 'buttonText'],
    })
  })

  it('should give undefined for an object without a link', () => {
    expect(linkFieldsOf({ title: 'x' }, [])).toBeUndefined()
  })
})

describe('targetLabel', () => {
  it('should name a list document item by its position', () => {
    expect(targetLabel({ contentKey: 'quickLinks', path: [0, 'label'] })).toBe(
      'quick links item 1 label',
    )
  })
})
