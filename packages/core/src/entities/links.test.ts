import { describe, expect, it } from 'vitest'

import { linkOrEmptySchema, linkSchema, imageSrcSchema } from './common.ts'
import { classifyLink, isAllowedImageSrc, MAX_URL } from './links.ts'

/** Addresses that look like a site path or a harmless link but are not. */
const HOSTILE = [
  '//evil.example/a',
  '/\\evil.example/b',
  '\\\\evil.example',
  '\\/evil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%2Fevil.example',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '//user:pw@evil.example/',
  '//evil.example@club.example/',
  'https://club.example@evil.example/',
  'https://user:pw@evil.example/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\nscript:alert(1)',
  'java\tscript:alert(1)',
  'java\rscript:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://club.example/uuid',
  'ftp://files.example/',
  'https:evil.example',
  'https:/evil.example',
  'https://',
  'https:\\\\evil.example',
  'programs',
  '../programs',
  '?page=2',
  'mailto:',
  'tel:alert(1)<',
  '',
  '   ',
]

describe('classifyLink', () => {
  it.each(HOSTILE)('should refuse %j', (href) => {
    expect(classifyLink(href).kind).toBe('refused')
  })

  it('should read site paths as internal, resolved as the browser would', () => {
    expect(classifyLink('/programs')).toEqual({ kind: 'internal', href: '/programs' })
    expect(classifyLink('/rules-faq#weather-policy')).toEqual({
      kind: 'internal',
      href: '/rules-faq#weather-policy',
    })
    expect(classifyLink('/a/../news?page=2')).toEqual({ kind: 'internal', href: '/news?page=2' })
    expect(classifyLink('/')).toEqual({ kind: 'internal', href: '/' })
  })

  it('should read in-page anchors as anchors', () => {
    expect(classifyLink('#field-status')).toEqual({ kind: 'anchor', href: '#field-status' })
  })

  it('should read http and https addresses in any case as external, normalised', () => {
    expect(classifyLink('https://example.org/give')).toEqual({
      kind: 'external',
      href: 'https://example.org/give',
    })
    expect(classifyLink('HTTPS://EXAMPLE.ORG/Give')).toEqual({
      kind: 'external',
      href: 'https://example.org/Give',
    })
    expect(classifyLink('HtTp://example.org')).toEqual({
      kind: 'external',
      href: 'http://example.org/',
    })
  })

  it('should read mail and phone links in any case', () => {
    expect(classifyLink('mailto:info@club.example').kind).toBe('mailto')
    expect(classifyLink('MAILTO:info@club.example').kind).toBe('mailto')
    expect(classifyLink('tel:+1 (301) 555-0100').kind).toBe('tel')
    expect(classifyLink('TEL:+13015550100').kind).toBe('tel')
  })

  it('should ignore the spaces a browser ignores at the ends', () => {
    expect(classifyLink('  /programs\n')).toEqual({ kind: 'internal', href: '/programs' })
  })

  it('should refuse an address longer than the limit', () => {
    expect(classifyLink(`/${'a'.repeat(MAX_URL)}`).kind).toBe('refused')
  })

  it('should never return an href that leaves the site for a site path', () => {
    for (const href of ['/./', '/a/..//b', '/%2e/%2e//x', '/.%2e//x', '/..//x']) {
      const result = classifyLink(href)
      if (result.kind === 'refused') continue
      expect(result.kind).toBe('internal')
      expect(result.href.startsWith('//')).toBe(false)
      expect(new URL(result.href, 'https://club.example').origin).toBe('https://club.example')
    }
  })
})

describe('isAllowedImageSrc', () => {
  it('should accept site paths and web addresses only', () => {
    expect(isAllowedImageSrc('/images/logo.svg')).toBe(true)
    expect(isAllowedImageSrc('https://cdn.example/x.jpg')).toBe(true)
    for (const src of ['#x', 'mailto:a@b.org', 'data:image/png;base64,AAAA', '//cdn.example/x']) {
      expect(isAllowedImageSrc(src)).toBe(false)
    }
  })
})

describe('link schemas', () => {
  it.each(HOSTILE.filter((href) => href !== ''))('should refuse %j', (href) => {
    expect(linkSchema.safeParse(href).success).toBe(false)
    expect(linkOrEmptySchema.safeParse(href).success).toBe(false)
    expect(imageSrcSchema.safeParse(href).success).toBe(false)
  })

  it('should accept the links sample content uses', () => {
    for (const href of [
      '/programs/big-train',
      '/rules-faq#weather-policy',
      '#tryouts',
      'https://example.org/register?season=fall',
      'mailto:info@club.example',
      'tel:+1 301 555 0100',
      'HTTPS://EXAMPLE.ORG/',
    ]) {
      expect(linkSchema.safeParse(href).success).toBe(true)
    }
    expect(linkOrEmptySchema.safeParse('').success).toBe(true)
    expect(linkSchema.safeParse('').success).toBe(false)
  })

  it('should store links without spaces, quotes or padding', () => {
    for (const href of [' /programs', '/a b', '/a"b', "https://x.example/'", '#not an id']) {
      expect(linkSchema.safeParse(href).success).toBe(false)
    }
  })
})
