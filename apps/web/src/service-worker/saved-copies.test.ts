import { describe, expect, it } from 'vitest'

import {
  isAssetUrl,
  isKeepable,
  isStaffPath,
  markSavedCopy,
  offlinePageHtml,
  pageKey,
  savedCopyText,
  titleOf,
} from './saved-copies.ts'

const ORIGIN = 'https://club.example.org'
const at = (path: string) => new URL(path, ORIGIN)

describe('what the service worker keeps', () => {
  it('should never touch the signed-in area', () => {
    for (const path of ['/admin', '/admin/', '/admin/home', '/admin/edit/fields', '/admin-login'])
      expect(isStaffPath(path)).toBe(true)
    for (const path of ['/', '/fields', '/administration', '/admins-corner'])
      expect(isStaffPath(path)).toBe(false)
    expect(pageKey(at('/admin/edit/schedule'), ORIGIN)).toBeUndefined()
    expect(pageKey(at('/admin-login?next=/admin'), ORIGIN)).toBeUndefined()
  })

  it('should key a public page by its path, without query, hash or a trailing slash', () => {
    expect(pageKey(at('/schedule?team=flash-12u#top'), ORIGIN)).toBe(`${ORIGIN}/schedule`)
    expect(pageKey(at('/fields/'), ORIGIN)).toBe(`${ORIGIN}/fields`)
    expect(pageKey(at('/'), ORIGIN)).toBe(`${ORIGIN}/`)
  })

  it('should keep no page of another origin, and no file', () => {
    expect(pageKey(new URL('https://backend.example.org/rest/v1/website_content'), ORIGIN)).toBe(
      undefined,
    )
    expect(pageKey(at('/calendars/flash-12u.ics'), ORIGIN)).toBeUndefined()
    expect(pageKey(at('/sw.js'), ORIGIN)).toBeUndefined()
    expect(isAssetUrl(at('/assets/index-abc.js'), ORIGIN)).toBe(true)
    expect(isAssetUrl(new URL('https://cdn.example.org/assets/x.js'), ORIGIN)).toBe(false)
  })

  it('should keep only whole, public, same-origin answers', () => {
    const html = { 'content-type': 'text/html; charset=utf-8' }
    const page = (init: ResponseInit) => {
      const response = new Response('<html></html>', init)
      // Node's Response is "default"; a browser's same-origin answer is "basic".
      Object.defineProperty(response, 'type', { value: 'basic' })
      return response
    }
    expect(isKeepable(page({ headers: html }), 'page')).toBe(true)
    expect(isKeepable(page({ status: 404, headers: html }), 'page')).toBe(false)
    expect(isKeepable(page({ headers: { ...html, 'cache-control': 'private' } }), 'page')).toBe(
      false,
    )
    expect(isKeepable(page({ headers: { ...html, 'cache-control': 'no-store' } }), 'page')).toBe(
      false,
    )
    expect(isKeepable(page({ headers: { 'content-type': 'application/json' } }), 'page')).toBe(
      false,
    )
    expect(isKeepable(new Response('x', { headers: html }), 'page')).toBe(false)
  })
})

describe('a saved copy, served offline', () => {
  const savedAt = new Date('2026-12-06T21:12:00Z')

  it('should say when it was fetched: the time today, the date before', () => {
    expect(savedCopyText(savedAt, new Date('2026-12-06T22:00:00Z'), 'America/New_York')).toBe(
      'Saved copy from 4:12 PM · you’re offline',
    )
    expect(savedCopyText(savedAt, new Date('2026-12-07T15:00:00Z'), 'America/New_York')).toBe(
      'Saved copy from Dec 6, 4:12 PM · you’re offline',
    )
  })

  it('should put the banner first in the body, outside the app, and show held parts as built', () => {
    const html =
      '<html><head><title>Fields</title></head><body class="x"><div id="root"><h1>Fields</h1></div></body></html>'
    const marked = markSavedCopy(html, savedAt, savedAt, 'America/New_York')
    expect(marked).toMatch(
      /<body class="x"><div class="saved-copy" role="status"[^>]*>Saved copy from 4:12 PM · you’re offline<\/div><div id="root">/,
    )
    expect(marked).toContain('<style id="saved-copy-shown-as-built">')
    expect(marked.indexOf('saved-copy-shown-as-built')).toBeLessThan(marked.indexOf('</head>'))
  })

  it('should list the saved pages on the offline page, their titles as text', () => {
    const page = offlinePageHtml([{ path: '/fields', title: '<img src=x onerror=alert(1)>' }])
    expect(page).toContain('<a href="/fields">&lt;img src=x onerror=alert(1)&gt;</a>')
    expect(page).not.toContain('<img')
    expect(offlinePageHtml([])).toContain('No pages of this site are saved on this device yet.')
  })

  it('should read a page’s title', () => {
    expect(titleOf('<head><title>Rules &amp; FAQ | Club</title></head>')).toBe('Rules & FAQ | Club')
  })
})
