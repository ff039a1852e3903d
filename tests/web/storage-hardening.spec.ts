import { randomUUID } from 'node:crypto'

import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'

import { expect, test } from '../fixtures/test.ts'

/**
 * A staff upload must never become script on the backend's origin. Each object is
 * opened in Chromium at its public URL; the SVG's onload, were it ever to run, renames
 * the document and navigates to MARKER, which the page's request log would show.
 */
const BUCKET = 'photo-library'
const MARKER = '__storage_hardening_script_ran'
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="document.title='pwned';location.href='/${MARKER}'"><rect width="40" height="40" fill="red"/></svg>`
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Starts like a PNG (so the magic-number check passes), then carries the same SVG. */
const POLYGLOT = Buffer.concat([PNG_SIGNATURE, Buffer.from(SVG)])
/** Long enough for an onload handler to have run in a page that allowed it. */
const SCRIPT_WINDOW_MS = 750

/** Counts requests that only a running script would make. */
function watchForScript(page: Page): () => number {
  let hits = 0
  page.on('request', (request) => {
    if (request.url().includes(MARKER)) hits++
  })
  void page.route(`**/${MARKER}**`, (route) => route.fulfill({ status: 204 }))
  return () => hits
}

async function expectNoScript(page: Page, scriptRuns: () => number) {
  await page.waitForTimeout(SCRIPT_WINDOW_MS)
  expect(scriptRuns()).toBe(0)
  // A download leaves the page blank; a rendered object keeps a title no script touched.
  expect(await page.title().catch(() => '')).not.toBe('pwned')
}

test.describe('storage hardening', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'what the server answers, and what a browser runs of it, does not depend on the screen: desktop project only',
  )
  let token: string
  let backendUrl: string
  let anonKey: string
  const uploaded: string[] = []

  test.beforeAll(async ({ backend }) => {
    const staff = await backend.staff()
    token = (await staff.auth.getSession()).data.session?.access_token ?? ''
    backendUrl = backend.url
    anonKey = backend.anonKey
  })
  test.afterAll(async ({ backend }) => {
    if (uploaded.length > 0) await (await backend.staff()).storage.from(BUCKET).remove(uploaded)
  })

  const publicUrl = (bucket: string, path: string) =>
    `${backendUrl}/storage/v1/object/public/${bucket}/${path}`

  /** A raw upload with exactly the given Content-Type, as a hostile client sends it. */
  async function upload(path: string, body: Buffer, contentType: string) {
    const response = await fetch(`${backendUrl}/storage/v1/object/${BUCKET}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: anonKey, 'content-type': contentType },
      body: new Uint8Array(body),
    })
    if (response.ok) uploaded.push(path)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  test('should notice the SVG script when a response lets it run (the check itself works)', async ({
    page,
  }) => {
    const scriptRuns = watchForScript(page)
    const control = `${backendUrl}/storage/v1/__control-${randomUUID()}.svg`
    await page.route(control, (route) => route.fulfill({ contentType: 'image/svg+xml', body: SVG }))
    await page.goto(control)
    await expect.poll(scriptRuns).toBeGreaterThan(0)
  })

  for (const contentType of [
    'image/png;a=,image/svg+xml',
    'image/png;a=,application/xhtml+xml',
    'image/png;a=,text/xml',
    'image/png',
  ]) {
    test(`should refuse SVG bytes sent as "${contentType}" and run no script at the object's URL`, async ({
      page,
    }) => {
      const path = `e2e-hardening/${randomUUID()}.png`
      const refused = await upload(path, Buffer.from(SVG), contentType)
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' })

      const scriptRuns = watchForScript(page)
      const response = await page.goto(publicUrl(BUCKET, path))
      expect(response?.status()).toBe(400)
      expect(await response?.json()).toMatchObject({ code: 'NoSuchKey' })
      await expectNoScript(page, scriptRuns)
    })
  }

  test('should serve a PNG-headed SVG polyglot only as an image, with nosniff and a sandboxing CSP', async ({
    page,
  }) => {
    const path = `e2e-hardening/${randomUUID()}.png`
    expect((await upload(path, POLYGLOT, 'image/png')).status).toBe(200)

    const scriptRuns = watchForScript(page)
    const response = await page.goto(publicUrl(BUCKET, path))
    expect(response?.status()).toBe(200)
    const headers = response?.headers() ?? {}
    expect(headers['content-type']).toBe('image/png')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    await expectNoScript(page, scriptRuns)
  })

  test('should hand out an SVG stored where SVG is allowed as a download, never as a page', async ({
    page,
  }) => {
    const service = createClient(backendUrl, process.env.E2E_SERVICE_ROLE_KEY ?? '', {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const bucket = `e2e-hardening-${randomUUID().slice(0, 8)}`
    const created = await service.storage.createBucket(bucket, {
      public: true,
      allowedMimeTypes: ['image/*'],
    })
    expect(created.error).toBeNull()
    try {
      const stored = await service.storage
        .from(bucket)
        .upload('drawing.svg', Buffer.from(SVG), { contentType: 'image/svg+xml' })
      expect(stored.error).toBeNull()

      const url = publicUrl(bucket, 'drawing.svg')
      const served = await fetch(url, { method: 'HEAD' })
      expect(served.headers.get('content-disposition')).toMatch(/^attachment;/)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(served.headers.get('content-security-policy')).toContain('sandbox')

      const scriptRuns = watchForScript(page)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        // Chromium aborts the navigation when the response turns out to be a download.
        page.goto(url).catch(() => null),
      ])
      expect(download.suggestedFilename()).toBe('drawing.svg')
      await expectNoScript(page, scriptRuns)
    } finally {
      await service.storage.emptyBucket(bucket)
      await service.storage.deleteBucket(bucket)
    }
  })
})
