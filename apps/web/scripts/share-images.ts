// Share images: the JPEG each page's head names for link previews (og:image), rendered with
// sharp from the page's own image, which is often SVG (messaging apps preview no SVG). A page's
// image is stored content, so it is hostile until checked: a site path is read only from inside
// the output folder, a web address only from the backend's own storage (the photo library),
// never more than 10 MiB or 10 s; anything else, or an image sharp cannot read, gives the share
// image of the site's default picture instead, so the address the head names always answers.
import { existsSync, readFileSync, statSync } from 'node:fs'

import sharp from 'sharp'

import { siteFile, writeFileAtomic } from './site-output.ts'

/** What a page asks for: its share image's path, the image it is made from, and a fallback. */
export type ShareImageRequest = {
  path: string
  source: string
  fallback: string
  width: number
  height: number
}

/** The largest image read for a share image. */
export const MAX_SHARE_SOURCE_BYTES = 10 * 1024 * 1024
const FETCH_TIMEOUT_MS = 10_000

export type ShareImageMaker = (request: ShareImageRequest) => Promise<void>

/**
 * Makes share images into `outDir`, each once (an existing file is kept: its name is made from
 * its source's address, and photo-library addresses name their content).
 */
export function createShareImageMaker({
  outDir,
  allowedOrigins,
  warn = console.warn,
}: {
  outDir: string
  /** Origins images may be fetched from (the backend's, for the photo library's photos). */
  allowedOrigins: readonly string[]
  warn?: (message: string) => void
}): ShareImageMaker {
  const load = async (source: string): Promise<Buffer | undefined> => {
    if (source.startsWith('/') && !source.startsWith('//')) {
      const file = siteFile(outDir, source.split(/[?#]/)[0] ?? '', false)
      if (!file || !existsSync(file) || !statSync(file).isFile()) return undefined
      if (statSync(file).size > MAX_SHARE_SOURCE_BYTES) return undefined
      return readFileSync(file)
    }
    let url: URL
    try {
      url = new URL(source)
    } catch {
      return undefined
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    if (!allowedOrigins.includes(url.origin)) return undefined
    const response = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'error',
    })
    if (!response.ok) return undefined
    const length = Number(response.headers.get('content-length') ?? 0)
    if (length > MAX_SHARE_SOURCE_BYTES) return undefined
    const bytes = Buffer.from(await response.arrayBuffer())
    return bytes.length > MAX_SHARE_SOURCE_BYTES ? undefined : bytes
  }

  const render = (input: Buffer, width: number, height: number) =>
    sharp(input, { limitInputPixels: 40_000_000, density: 144 })
      .resize(width, height, { fit: 'cover', position: 'centre' })
      // JPEG has no transparency: transparent parts become the club's navy.
      .flatten({ background: '#0b2545' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()

  const pending = new Map<string, Promise<void>>()
  return (request) => {
    const file = siteFile(outDir, request.path, false)
    if (!file) {
      warn(`[share] refused to write ${JSON.stringify(request.path)}: not a plain site path`)
      return Promise.resolve()
    }
    if (existsSync(file)) return Promise.resolve()
    const existing = pending.get(file)
    if (existing) return existing
    const job = (async () => {
      let jpeg: Buffer | undefined
      for (const source of [request.source, request.fallback]) {
        try {
          const input = await load(source)
          if (input) {
            jpeg = await render(input, request.width, request.height)
            break
          }
        } catch (error) {
          warn(`[share] could not make a share image of ${source}: ${(error as Error).message}`)
        }
      }
      if (jpeg) writeFileAtomic(file, jpeg)
      else warn(`[share] no share image for ${request.path}: neither its image nor the fallback`)
    })().finally(() => pending.delete(file))
    pending.set(file, job)
    return job
  }
}
