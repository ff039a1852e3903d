import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'

import { createShareImageMaker } from './share-images.ts'

const dirs: string[] = []
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'club-share-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const SVG = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="${fill}"/></svg>`

/** A site folder with a red default picture and a green page picture. */
function site() {
  const out = scratch()
  mkdirSync(join(out, 'images'), { recursive: true })
  writeFileSync(join(out, 'images', 'default.svg'), SVG('#ff0000'))
  writeFileSync(join(out, 'images', 'page.svg'), SVG('#00ff00'))
  return out
}

const request = (source: string, path = '/share/a.jpg') => ({
  path,
  source,
  fallback: '/images/default.svg',
  width: 1200,
  height: 630,
})

/** The share image's format, size and the colour at its centre. */
async function describeJpeg(file: string) {
  const image = sharp(readFileSync(file))
  const { format, width, height } = await image.metadata()
  const { data } = await image
    .extract({ left: 600, top: 315, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const [r = 0, g = 0] = data
  return {
    format,
    width,
    height,
    colour: r > 200 && g < 60 ? 'red' : g > 200 && r < 60 ? 'green' : 'other',
  }
}

describe('share images', () => {
  it('should render a page’s SVG as a 1200 × 630 JPEG', async () => {
    const out = site()
    await createShareImageMaker({ outDir: out, allowedOrigins: [] })(request('/images/page.svg'))
    expect(await describeJpeg(join(out, 'share', 'a.jpg'))).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
      colour: 'green',
    })
  })

  it('should fall back to the default picture for a missing, foreign or hostile source', async () => {
    const out = site()
    const warnings: string[] = []
    const make = createShareImageMaker({
      outDir: out,
      allowedOrigins: [],
      warn: (message) => warnings.push(message),
    })
    const sources = [
      '/images/missing.svg',
      '/../../etc/passwd',
      'https://tracker.example.net/pixel.png',
      'javascript:alert(1)',
    ]
    for (const [index, source] of sources.entries()) {
      await make(request(source, `/share/${index}.jpg`))
      expect((await describeJpeg(join(out, 'share', `${index}.jpg`))).colour, source).toBe('red')
    }
    await make(request('/images/page.svg', '/../escape.jpg'))
    expect(existsSync(join(out, '..', 'escape.jpg'))).toBe(false)
    expect(warnings.some((message) => message.includes('refused'))).toBe(true)
  })

  it('should fetch a photo from an allowed origin only, and fall back on a broken image', async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#00ff00' },
    })
      .png()
      .toBuffer()
    const server = createServer((req, res) => {
      if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png)
      else res.writeHead(200, { 'content-type': 'image/png' }).end('not an image')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const out = site()
      const make = createShareImageMaker({ outDir: out, allowedOrigins: [origin], warn: () => {} })
      await make(request(`${origin}/photo.png`, '/share/photo.jpg'))
      await make(request(`${origin}/broken.png`, '/share/broken.jpg'))
      expect((await describeJpeg(join(out, 'share', 'photo.jpg'))).colour).toBe('green')
      expect((await describeJpeg(join(out, 'share', 'broken.jpg'))).colour).toBe('red')
    } finally {
      server.close()
    }
  })

  it('should copy an image made before from the cache, and make it anew when what it shows changes', async () => {
    const cacheDir = scratch()
    const titled = { ...request('/images/page.svg'), title: 'Tryouts', clubName: 'The Club' }
    const first = site()
    await createShareImageMaker({ outDir: first, allowedOrigins: [], cacheDir })(titled)
    const [cached] = readdirSync(cacheDir)
    expect(cached).toMatch(/^[0-9a-f]{64}\.jpg$/)
    // A marker in the cache's place: a second site with the same page gets the marker, so the
    // image came from the cache and was not encoded again.
    const marker = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: '#ff0000' },
    })
      .jpeg()
      .toBuffer()
    writeFileSync(join(cacheDir, cached!), marker)
    const second = site()
    const make = createShareImageMaker({ outDir: second, allowedOrigins: [], cacheDir })
    await make(titled)
    expect(readFileSync(join(second, 'share', 'a.jpg')).equals(marker)).toBe(true)
    // Another title is another image: made anew, and green at its centre.
    await make({ ...titled, title: 'Registration', path: '/share/b.jpg' })
    expect((await describeJpeg(join(second, 'share', 'b.jpg'))).colour).not.toBe('red')
    expect(readdirSync(cacheDir)).toHaveLength(2)
  })
})
