/**
 * The sizes of what the photo library stores, whichever pipeline made it (the browser's
 * photo library page or the bulk uploader), so that both kinds of entry look the same, and
 * how a page finds the smaller copies of a photo it shows (`srcset`). Pure: the uploaders,
 * the editors that store a photo's address and the pages all read this one module.
 */
import { isAllowedImageSrc } from './links.ts'

/** Longest edge of a stored photo, in pixels. */
export const MAX_EDGE = 2560
/** Longest edge of a thumbnail, in pixels: sharp in a grid cell on a high-density screen. */
export const THUMBNAIL_EDGE = 480
/**
 * Width of a photo's medium copy, in pixels: a phone's full-width slot at its pixel density
 * (Lighthouse's mobile device: 412 CSS px at 1.75×, 721 px; a 375 px phone at 2×, 750 px), and
 * a desktop card or article column at 1×. Wider screens at 2× take the full photo.
 */
export const MEDIUM_WIDTH = 800

/** Encoder quality (0–1) of a library photo and its medium copy, in the browser and the uploader alike. */
export const PHOTO_QUALITY = 0.82
/** Encoder quality (0–1) of a library photo's thumbnail. */
export const THUMBNAIL_QUALITY = 0.76

/**
 * What a library copy is encoded as, in the browser and the uploader alike: JPEG, unless the
 * original may be transparent (not a JPEG, and its alpha present or not known), which WebP
 * keeps and JPEG would not. The browser knows only the format; the uploader reads the alpha.
 *
 * @example
 * photoEncodingType({ jpeg: false }) // 'image/webp' (a PNG might be transparent)
 * photoEncodingType({ jpeg: false, alpha: false }) // 'image/jpeg' (an opaque PNG)
 */
export function photoEncodingType(original: {
  jpeg: boolean
  alpha?: boolean
}): 'image/jpeg' | 'image/webp' {
  return original.jpeg || original.alpha === false ? 'image/jpeg' : 'image/webp'
}

/** The size of a photo's medium copy, or `null` when the photo is no wider than that (it serves as its own). */
export function mediumSize(
  width: number,
  height: number,
): { width: number; height: number } | null {
  if (width <= MEDIUM_WIDTH) return null
  return {
    width: MEDIUM_WIDTH,
    height: Math.max(1, Math.round((height * MEDIUM_WIDTH) / width)),
  }
}

/**
 * Where a resized copy of the object at `path` is stored: beside it, named by its width
 * (`library/ab/<sha256>.jpg` → `library/ab/<sha256>-800w.jpg`), so it shares the photo's hash
 * (the database's rule for "used" and "retirable" goes by the hash) and its type.
 */
export function sizedCopyPath(path: string, width: number): string {
  const dot = path.lastIndexOf('.')
  const slash = path.lastIndexOf('/')
  return dot > slash + 1 ? `${path.slice(0, dot)}-${width}w${path.slice(dot)}` : `${path}-${width}w`
}

// The widths of every copy of a stored photo address, smallest first: `…/<sha256>.jpg#widths=800,1600`.
const COPY_WIDTHS = /#widths=(\d{1,5}(?:,\d{1,5}){0,11})$/

/**
 * The address a page stores for a library photo: its public address, followed by the widths
 * of its copies when it has smaller ones (`…/<sha256>.jpg#widths=800,1600`; the largest is the
 * address itself, each smaller one at {@link sizedCopyPath}). A fragment is never sent to the
 * server, so the address loads as it is anywhere; pages read the widths to offer a `srcset`.
 * `smaller` are the widths of the photo's resized copies, `width` the photo's own.
 */
export function addressWithCopies(
  address: string,
  width: number,
  smaller: readonly number[],
): string {
  const widths = [...new Set(smaller.filter((w) => Number.isInteger(w) && w > 0 && w < width))]
  if (widths.length === 0) return address
  return `${address}#widths=${[...widths.sort((a, b) => a - b), width].join(',')}`
}

/** What an `<img>` gets for a stored address: the address to load, and its copies by width when known. */
export type ResponsiveImage = { src: string; srcSet?: string }

// A `srcset` candidate may not hold whitespace or commas (they separate candidates).
const SRCSET_SAFE = /^[^\s,]+$/

/**
 * The `src` and `srcset` of a stored image address. An address without copy widths (stored
 * before medium copies existed, a site path, a web address) is loaded as it is, with no
 * `srcset`. Every candidate is checked as hostile, as the address was when it was stored: one
 * that is not a plain site path or web address drops the `srcset`, and the stored address
 * (without its widths) is all that is offered.
 */
export function responsiveImage(address: string): ResponsiveImage {
  const match = COPY_WIDTHS.exec(address)
  if (!match) return { src: address }
  const src = address.slice(0, match.index)
  const widths = (match[1] ?? '').split(',').map(Number)
  const full = widths[widths.length - 1] ?? 0
  const ascending = widths.every((w, i) => w > 0 && (i === 0 || w > (widths[i - 1] ?? 0)))
  const query = src.search(/[?#]/)
  if (widths.length < 2 || !ascending || query !== -1) return { src }
  const candidates = [
    ...widths.slice(0, -1).map((w) => ({ url: sizedCopyPath(src, w), w })),
    { url: src, w: full },
  ]
  if (!candidates.every(({ url }) => SRCSET_SAFE.test(url) && isAllowedImageSrc(url))) {
    return { src }
  }
  return { src, srcSet: candidates.map(({ url, w }) => `${url} ${w}w`).join(', ') }
}
