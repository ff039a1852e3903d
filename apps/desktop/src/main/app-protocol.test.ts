import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import {
  contentSecurityPolicy,
  metaPolicy,
  resolveAppPath,
  serveAppRequest,
} from './app-protocol.ts'

describe('resolveAppPath', () => {
  it('should map a file path inside the folder', () => {
    expect(resolveAppPath('/assets/index.js')).toEqual({
      kind: 'file',
      relativePath: 'assets/index.js',
    })
  })

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2E%2E%5Csecret.txt',
    '//etc/passwd',
    '/%2Fetc%2Fpasswd',
    '/C:/Windows/win.ini',
    '/assets/%00.js',
    '/%E0%A4%A',
  ])('should refuse %s', (pathname) => {
    expect(resolveAppPath(pathname)).toEqual({ kind: 'forbidden' })
  })

  it.each([
    '/admin/home',
    '/admin-login',
    '/admin/edit/news/opening-day',
    '/admin/edit/news/season-2.0',
    '/desktop/upload',
    '/',
  ])('should serve index.html for the app route %s', (pathname) => {
    expect(resolveAppPath(pathname)).toEqual({ kind: 'file', relativePath: 'index.html' })
  })
})

describe('serveAppRequest', () => {
  let base: string
  let root: string
  const csp = contentSecurityPolicy({ backendUrl: 'http://127.0.0.1:54321' })

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'app-protocol-'))
    root = join(base, 'renderer')
    mkdirSync(join(root, 'assets'), { recursive: true })
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(root, 'assets', 'index.js'), 'console.log(1)')
    writeFileSync(join(base, 'secret.txt'), 'outside')
    symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'))
  })

  afterEach(() => rmSync(base, { recursive: true, force: true }))

  const get = (url: string) => serveAppRequest(new Request(url), { rootDir: root, csp })

  it('should serve a file with its type and the CSP', async () => {
    const response = await get('app://club/assets/index.js')
    expect([response.status, response.headers.get('content-type')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ])
    expect(response.headers.get('content-security-policy')).toBe(csp)
  })

  it('should serve the renderer’s own index.html with a meta policy that says what the header says', async () => {
    const built = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8')
    writeFileSync(join(root, 'index.html'), built)
    const withSite = contentSecurityPolicy({
      backendUrl: 'https://abcdefgh.supabase.co',
      siteUrl: 'https://www.club.example',
    })
    const response = await serveAppRequest(new Request('app://club/admin/home'), {
      rootDir: root,
      csp: withSite,
    })
    const html = await response.text()
    const metas = [...html.matchAll(/http-equiv="Content-Security-Policy"\s+content="([^"]*)"/g)]
    expect(metas.map((match) => match[1])).toEqual([metaPolicy(withSite)])
    // The header's directives, less frame-ancestors, which a meta cannot carry.
    expect(metaPolicy(withSite)).toBe(withSite.replace("frame-ancestors 'none'; ", ''))
    expect(metaPolicy(withSite)).toContain(
      "connect-src 'self' https://abcdefgh.supabase.co wss://abcdefgh.supabase.co",
    )
    expect(metaPolicy(withSite)).not.toMatch(/https: |wss: |frame-ancestors/)
    expect(response.headers.get('content-security-policy')).toBe(withSite)
  })

  it('should serve index.html for an admin route', async () => {
    const response = await get('app://club/admin/home')
    expect(await response.text()).toContain('<title>app</title>')
  })

  it('should refuse a symlink that leads out of the folder', async () => {
    expect((await get('app://club/assets/link.txt')).status).toBe(403)
  })

  it('should answer 404 for a missing file', async () => {
    expect((await get('app://club/assets/missing.js')).status).toBe(404)
  })

  it('should refuse another host', async () => {
    expect((await get('app://other/index.html')).status).toBe(403)
  })

  it('should refuse a method other than GET and HEAD', async () => {
    const response = await serveAppRequest(
      new Request('app://club/index.html', { method: 'POST' }),
      {
        rootDir: root,
        csp,
      },
    )
    expect(response.status).toBe(405)
  })
})

describe('contentSecurityPolicy', () => {
  it('should allow scripts from the app only', () => {
    expect(contentSecurityPolicy({ backendUrl: null })).toContain("script-src 'self';")
  })

  it('should let the renderer reach a hosted backend and its Realtime socket (wss:), nothing else', () => {
    expect(contentSecurityPolicy({ backendUrl: 'https://project.supabase.co/' })).toContain(
      "connect-src 'self' https://project.supabase.co wss://project.supabase.co;",
    )
  })

  it('should let the renderer reach a loopback http backend and its socket (ws:), port included', () => {
    expect(contentSecurityPolicy({ backendUrl: 'http://127.0.0.1:54321' })).toContain(
      "connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321;",
    )
  })

  it('should frame only the published site (the live preview), and nothing without one', () => {
    const origins = {
      backendUrl: 'https://project.supabase.co',
      siteUrl: 'https://club.example/news',
    }
    expect(contentSecurityPolicy(origins)).toContain('frame-src https://club.example;')
    expect(contentSecurityPolicy({ backendUrl: null })).toContain("frame-src 'none';")
    // The app itself is never framed.
    expect(contentSecurityPolicy(origins)).toContain("frame-ancestors 'none'")
  })
})

/**
 * The renderer's own meta policy (src/renderer/index.html) applies on top of the header: a
 * source it leaves out is refused whatever the header allows, so it must let the Realtime
 * socket and the preview through too.
 */
describe('the renderer’s meta policy', () => {
  const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8')
  const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? ''
  const directive = (name: string) =>
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([key]) => key === name)
      ?.slice(1) ?? []

  it('should, as built, name no backend and allow no network at all beyond the app', () => {
    // Served, it is replaced with the header's policy (see serveAppRequest above); read from
    // the file itself, it opens nothing: no https:, no wss:, no loopback.
    expect([directive('connect-src'), directive('img-src'), directive('frame-src')]).toEqual([
      ["'self'"],
      ["'self'", 'data:', 'blob:'],
      ["'none'"],
    ])
    expect(policy).toBe(metaPolicy(contentSecurityPolicy({ backendUrl: null })))
  })

  it('should allow scripts from the app only', () => {
    expect(directive('script-src')).toEqual(["'self'"])
  })
})
