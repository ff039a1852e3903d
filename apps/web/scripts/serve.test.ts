import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'

import { afterEach, describe, expect, it } from 'vitest'

import { precompressAssets, serveSite, type SiteServer } from './serve.ts'

const cleanup: (() => unknown)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

/** A built site's shape: a page and a hashed script. */
function site() {
  const dir = mkdtempSync(join(tmpdir(), 'club-serve-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), `<!doctype html><h1>${'Home '.repeat(200)}</h1>`)
  writeFileSync(
    join(dir, 'assets', 'app-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))})`,
  )
  return dir
}

async function serve(dir: string): Promise<SiteServer> {
  const server = await serveSite({ dir })
  cleanup.push(() => server.close())
  return server
}

/** GET with an Accept-Encoding; resolves with the status, headers and decoded body. */
function get(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding?: string; body: string }>((done, fail) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding']
        const body =
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : raw
        done({ status: res.statusCode ?? 0, encoding, body: body.toString('utf8') })
      })
    })
      .on('error', fail)
      .end()
  })
}

describe('serveSite compression', () => {
  it('should serve a hashed asset from the copies the build made, in the encoding asked for', async () => {
    const dir = site()
    expect(await precompressAssets(dir)).toBe(1)
    // The build's copies are what is served: replace them with recognisable ones.
    writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync('/* from br */'))
    writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync('/* from gz */'))
    const server = await serve(dir)
    expect(await get(`${server.url}/assets/app-abc123.js`, 'gzip, deflate, br')).toMatchObject({
      status: 200,
      encoding: 'br',
      body: '/* from br */',
    })
    expect(await get(`${server.url}/assets/app-abc123.js`, 'gzip')).toMatchObject({
      encoding: 'gzip',
      body: '/* from gz */',
    })
    expect((await get(`${server.url}/assets/app-abc123.js`, 'identity')).body).toContain('xxxx')
  })

  it('should compress an asset with no copy beside it, and decode to the file', async () => {
    const dir = site()
    const server = await serve(dir)
    const response = await get(`${server.url}/assets/app-abc123.js`, 'br')
    expect(response.encoding).toBe('br')
    expect(response.body).toBe(`console.log(${JSON.stringify('x'.repeat(4000))})`)
  })

  it('should serve a page re-rendered while it serves as the new version, compressed', async () => {
    const dir = site()
    const server = await serve(dir)
    expect((await get(`${server.url}/`, 'br')).body).toContain('Home Home')
    // A save re-renders the page: written beside it, then renamed over it.
    writeFileSync(join(dir, 'next.html'), '<!doctype html><h1>Rained out</h1>')
    renameSync(join(dir, 'next.html'), join(dir, 'index.html'))
    for (const encoding of ['br', 'gzip']) {
      const response = await get(`${server.url}/`, encoding)
      expect(response).toMatchObject({ encoding, body: '<!doctype html><h1>Rained out</h1>' })
    }
  })
})

describe('serveSite redirects', () => {
  it('should answer a fixed redirect with a 301 to its target, keeping the query', async () => {
    const dir = site()
    mkdirSync(join(dir, 'dmv'))
    writeFileSync(join(dir, 'dmv', 'index.html'), '<!doctype html><title>shell</title>')
    const server = await serveSite({ dir, redirects: { '/dmv': '/programs/dmv-prospects' } })
    cleanup.push(() => server.close())
    for (const path of ['/dmv', '/dmv/', '/dmv?from=flyer']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
      expect(response.status, path).toBe(301)
      expect(response.headers.get('location'), path).toBe(
        `/programs/dmv-prospects${path.includes('?') ? '?from=flyer' : ''}`,
      )
    }
    // Without the option (a static host), the built shell answers.
    const plain = await serve(dir)
    expect((await fetch(`${plain.url}/dmv`, { redirect: 'manual' })).status).toBe(200)
  })

  it('should never redirect to another origin', async () => {
    const server = await serveSite({ dir: site(), redirects: { '/away': '//evil.test/' } })
    cleanup.push(() => server.close())
    expect((await fetch(`${server.url}/away`, { redirect: 'manual' })).status).toBe(404)
  })
})

describe('serveSite renderOnRequest', () => {
  it('should render a page that is not on disk when asked for, and answer 404 for one it does not render', async () => {
    const dir = site()
    const asked: string[] = []
    const server = await serveSite({
      dir,
      renderOnRequest: async (pathname) => {
        asked.push(pathname)
        if (pathname !== '/news-and-updates/old') return false
        mkdirSync(join(dir, 'news-and-updates', 'old'), { recursive: true })
        writeFileSync(join(dir, 'news-and-updates', 'old', 'index.html'), '<h1>Old post</h1>')
        return true
      },
    })
    cleanup.push(() => server.close())
    writeFileSync(join(dir, '404.html'), '<h1>Not found</h1>')
    const old = await get(`${server.url}/news-and-updates/old`, 'identity')
    expect(old).toMatchObject({ status: 200, body: '<h1>Old post</h1>' })
    const missing = await get(`${server.url}/news-and-updates/none`, 'identity')
    expect(missing).toMatchObject({ status: 404, body: '<h1>Not found</h1>' })
    // A page on disk, an asset and the signed-in area are never asked about.
    await get(`${server.url}/`, 'identity')
    await get(`${server.url}/assets/missing-123.js`, 'identity')
    await get(`${server.url}/admin/news`, 'identity')
    expect(asked).toEqual(['/news-and-updates/old', '/news-and-updates/none'])
  })
})
