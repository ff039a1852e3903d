// Share images: the JPEG each page's head names for link previews (og:image), rendered with
// sharp from the page's own image, which is often SVG (messaging apps preview no SVG). A page's
// image is stored content, so it is hostile until checked: a site path is read only from inside
// the output folder, a web address only from the backend's own storage (the photo library),
// never more than 10 MiB or 10 s; anything else, or an image sharp cannot read, gives the share
// image of the site's default picture instead, so the address the head names always answers.
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import sharp from 'sharp'
import type { OverlayOptions } from 'sharp'

import { siteFile, writeFileAtomic } from './site-files.ts'

/**
 * What a page asks for: its share image's path, the image it is made from, a fallback, and the
 * page's title and the club's name to draw on it.
 */
export type ShareImageRequest = {
  path: string
  source: string
  fallback: string
  width: number
  height: number
  /** The page's title (without the club's name), drawn large: stored text, hostile. */
  title?: string
  /** The club's name, drawn beside the logo. */
  clubName?: string
}

const NAVY = '#0b2545'
const JPEG = { quality: 82, mozjpeg: true } as const

/**
 * Inter, the site's typeface, as a TrueType file: the browsers' WOFF2 (from
 * @fontsource-variable/inter, SIL Open Font License) decompressed with `woff2_decompress`,
 * since Pango reads no WOFF2. sharp draws the text with this file, so no font of the machine
 * that builds the site decides how the title looks.
 */
export const SHARE_FONT_FILE = fileURLToPath(
  new URL('./fonts/inter-latin-wght.ttf', import.meta.url),
)

/** The club's logo in the built site, drawn beside its name. */
const LOGO_SOURCE = '/images/logo.svg'

/** Text for Pango's markup: stored text is hostile, so every markup character is escaped. */
export function pangoText(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** `text` drawn in Inter, white, wrapped at `width`: a transparent PNG and its size. */
async function drawText(text: string, font: string, width: number, colour = '#ffffff') {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${colour}">${pangoText(text)}</span>`,
      font,
      fontfile: SHARE_FONT_FILE,
      width,
      dpi: 72,
      rgba: true,
      wrap: 'word',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  return { input: data, width: info.width, height: info.height }
}

/**
 * The layers drawn over the photo: a navy shade rising from the bottom, the page's title in
 * large type (smaller for a long one, at most three lines), and the logo and the club's name
 * below it. Sized for a preview shown a quarter as wide (a 64 px title reads as 16 px).
 */
async function titleLayers(
  request: ShareImageRequest,
  logo: Buffer | undefined,
): Promise<OverlayOptions[]> {
  const { width, height } = request
  const margin = 64
  const textWidth = width - 2 * margin
  const logoSize = 96
  let title = request.title ? await drawText(request.title, 'Inter Bold 64', textWidth) : undefined
  for (const size of [54, 46, 40]) {
    if (!title || title.height <= 240) break
    title = await drawText(request.title ?? '', `Inter Bold ${size}`, textWidth)
  }
  if (title && title.height > 240) title = undefined
  const name = request.clubName
    ? await drawText(request.clubName, 'Inter SemiBold 34', textWidth - logoSize - 24, '#f5c542')
    : undefined
  const rowTop = height - margin - logoSize
  const titleTop = title ? rowTop - 40 - title.height : rowTop
  const shadeTop = Math.max(0, Math.min(titleTop - 120, Math.round(height * 0.45)))
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${NAVY}" stop-opacity="0"/>` +
      `<stop offset="0.35" stop-color="${NAVY}" stop-opacity="0.82"/>` +
      `<stop offset="1" stop-color="${NAVY}" stop-opacity="0.96"/></linearGradient></defs>` +
      `<rect x="0" y="${shadeTop}" width="${width}" height="${height - shadeTop}" fill="url(#s)"/>` +
      `<rect x="${margin}" y="${rowTop - 12}" width="120" height="6" fill="#c8102e"/></svg>`,
  )
  const layers: OverlayOptions[] = [{ input: shade, left: 0, top: 0 }]
  if (title) layers.push({ input: title.input, left: margin, top: titleTop })
  let nameLeft = margin
  if (logo) {
    const mark = await sharp(logo, { density: 144 })
      .resize(logoSize, logoSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
      .catch(() => undefined)
    if (mark) {
      layers.push({ input: mark, left: margin, top: rowTop + 8 })
      nameLeft = margin + logoSize + 24
    }
  }
  if (name)
    layers.push({
      input: name.input,
      left: nameLeft,
      top: rowTop + 8 + Math.max(0, Math.round((logoSize - name.height) / 2)),
    })
  return layers
}

/** The largest image read for a share image. */
export const MAX_SHARE_SOURCE_BYTES = 10 * 1024 * 1024
const FETCH_TIMEOUT_MS = 10_000

export type ShareImageMaker = (request: ShareImageRequest) => Promise<void>

/**
 * Where builds keep the share images they made, by what they are made of: every prerender of
 * the same content (a rebuild, a re-render after a save, each test stack) copies them instead
 * of encoding them again, which is most of a prerender's CPU time.
 */
export const SHARE_IMAGE_CACHE_DIR = fileURLToPath(
  new URL('../node_modules/.cache/share-images/', import.meta.url),
)

/** Cached images not used for this long are removed when a maker starts. */
const CACHE_KEEP_MS = 30 * 24 * 60 * 60 * 1000

/** What every cached image depends on besides its inputs: this module's code and the libraries. */
const RENDERER_VERSION = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .update(JSON.stringify(sharp.versions))
  .update(String(statSync(SHARE_FONT_FILE).size))
  .digest('hex')

const digest = (bytes: Buffer | undefined) =>
  bytes ? createHash('sha256').update(bytes).digest('hex') : 'none'

/** Removes cached images unused for CACHE_KEEP_MS; a cache that cannot be read is left alone. */
function pruneCache(dir: string) {
  try {
    const cutoff = Date.now() - CACHE_KEEP_MS
    for (const name of readdirSync(dir))
      if (statSync(join(dir, name)).mtimeMs < cutoff) rmSync(join(dir, name), { force: true })
  } catch {
    // No cache yet, or one we may not touch: images are made anew.
  }
}

/**
 * Makes share images into `outDir`, each once (an existing file is kept: its name is made from
 * its source's address, and photo-library addresses name their content).
 */
export function createShareImageMaker({
  outDir,
  allowedOrigins,
  cacheDir,
  warn = console.warn,
}: {
  outDir: string
  /** Origins images may be fetched from (the backend's, for the photo library's photos). */
  allowedOrigins: readonly string[]
  /** A folder of images made before, by what they are made of (SHARE_IMAGE_CACHE_DIR); none by default. */
  cacheDir?: string
  warn?: (message: string) => void
}): ShareImageMaker {
  if (cacheDir) pruneCache(cacheDir)
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

  const render = async (input: Buffer, request: ShareImageRequest): Promise<Buffer> => {
    const titled = Boolean(request.title || request.clubName)
    const logo = titled ? await load(LOGO_SOURCE).catch(() => undefined) : undefined
    if (!cacheDir) return encode(input, request, logo)
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          RENDERER_VERSION,
          digest(input),
          digest(logo),
          request.title ?? null,
          request.clubName ?? null,
          request.width,
          request.height,
        ]),
      )
      .digest('hex')
    const cached = join(cacheDir, `${key}.jpg`)
    if (existsSync(cached)) {
      const now = new Date()
      try {
        utimesSync(cached, now, now)
      } catch {
        // A cache we may read but not touch: it is still right.
      }
      return readFileSync(cached)
    }
    const jpeg = await encode(input, request, logo)
    try {
      mkdirSync(cacheDir, { recursive: true })
      writeFileAtomic(cached, jpeg)
    } catch (error) {
      warn(`[share] could not keep a share image in ${cacheDir}: ${(error as Error).message}`)
    }
    return jpeg
  }

  const encode = async (input: Buffer, request: ShareImageRequest, logo: Buffer | undefined) => {
    const photo = sharp(input, { limitInputPixels: 40_000_000, density: 144 })
      .resize(request.width, request.height, { fit: 'cover', position: 'centre' })
      // JPEG has no transparency: transparent parts become the club's navy.
      .flatten({ background: NAVY })
    if (!request.title && !request.clubName) return photo.jpeg(JPEG).toBuffer()
    const base = await photo.png().toBuffer()
    return sharp(base)
      .composite(await titleLayers(request, logo))
      .jpeg(JPEG)
      .toBuffer()
  }

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
            jpeg = await render(input, request)
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
