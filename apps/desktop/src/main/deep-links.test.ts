import { describe, expect, it } from 'vitest'

import { createDeepLinks, deepLinkFromArgv, deepLinkRoute } from './deep-links.ts'

describe('deepLinkRoute', () => {
  it.each([
    ['club-admin://admin-login', '/admin-login'],
    ['club-admin://admin/edit/news/', '/admin/edit/news'],
    ['club-admin:///desktop/upload', '/desktop/upload'],
    ['club-admin://admin/home?x=1#y', '/admin/home'],
    // The sign-in flow reads a recovery or invitation token there.
    [
      'club-admin://admin-login?type=recovery#access_token=t',
      '/admin-login?type=recovery#access_token=t',
    ],
  ])('should open %s on %s', (link, route) => {
    expect(deepLinkRoute(link)).toBe(route)
  })

  it.each([
    'https://club.example/admin/home',
    'club-admin://evil.example/admin',
    'club-admin://admin/..%2f..%2fetc',
    'club-admin://admin//evil',
    'club-admin://user:pw@admin/home',
    'club-admin://assets/index.js',
    'club-admin://desktop/anything',
    'not a url',
  ])('should ignore %s', (link) => {
    expect(deepLinkRoute(link)).toBeNull()
  })
})

describe('deepLinkFromArgv', () => {
  it('should find the link among a command line’s arguments', () => {
    expect(deepLinkFromArgv(['app.exe', '--flag', 'club-admin://admin-login'])).toBe(
      'club-admin://admin-login',
    )
    expect(deepLinkFromArgv(['app.exe', '--flag'])).toBeNull()
  })
})

describe('createDeepLinks', () => {
  it('should hold the link that came before the window, then pass each one on', () => {
    const links = createDeepLinks()
    const opened: string[] = []
    expect(links.receive('club-admin://desktop/upload')).toBe(true)
    expect(links.receive('https://evil.example/')).toBe(false)
    links.ready((route) => opened.push(route))
    links.receive('club-admin://admin/home')
    expect(opened).toEqual(['/desktop/upload', '/admin/home'])
  })
})
