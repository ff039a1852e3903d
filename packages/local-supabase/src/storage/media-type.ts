/**
 * Media types of uploads, parsed strictly, and the real type of image bytes. A declared
 * type is served back as `Content-Type`, so a lenient parse lets a staff upload pass
 * an allow-list as `image/png` and still be run by a browser as SVG or HTML.
 */

/** RFC 9110 `token`: a type, subtype or parameter value without quotes. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** The only parameter kept: supabase-js sends `text/plain;charset=UTF-8` for raw bodies. */
const KNOWN_PARAMETERS = new Set(['charset'])

/** A parsed media type: `essence` is `type/subtype`, lower-cased. */
export type MediaType = { essence: string; type: string; subtype: string; charset?: string }

/**
 * Parses one media type strictly: `type/subtype` made of token characters, then at most
 * the known parameters, each once, with a token value (optionally quoted). Lists,
 * unknown parameters, stray characters and whitespace around `/` are refused.
 */
export function parseMediaType(value: string): MediaType | undefined {
  const [head = '', ...parameters] = value.split(';')
  const [type = '', subtype = '', ...extra] = head.trim().split('/')
  if (extra.length > 0 || !TOKEN.test(type) || !TOKEN.test(subtype)) return undefined
  const parsed: MediaType = {
    essence: `${type}/${subtype}`.toLowerCase(),
    type: type.toLowerCase(),
    subtype: subtype.toLowerCase(),
  }
  for (const parameter of parameters) {
    // RFC 9110 allows empty parameters ("text/plain;").
    if (parameter.trim() === '') continue
    const equals = parameter.indexOf('=')
    if (equals < 0) return undefined
    const name = parameter.slice(0, equals).trim().toLowerCase()
    let raw = parameter.slice(equals + 1).trim()
    if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1)
    if (!KNOWN_PARAMETERS.has(name) || !TOKEN.test(raw) || parsed.charset !== undefined) {
      return undefined
    }
    parsed.charset = raw
  }
  return parsed
}

/** The media type as it is served: the essence, and the charset when one was given. */
export function formatMediaType(type: MediaType): string {
  return type.charset === undefined ? type.essence : `${type.essence}; charset=${type.charset}`
}

/** The image types recognised by their bytes; only these are ever served inline. */
export const SNIFFED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
])

function ascii(bytes: Uint8Array, start: number, text: string): boolean {
  if (bytes.length < start + text.length) return false
  for (let i = 0; i < text.length; i++) {
    if (bytes[start + i] !== text.charCodeAt(i)) return false
  }
  return true
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const AVIF_BRANDS = ['avif', 'avis']

/** AVIF: an ISO-BMFF `ftyp` box whose major or a compatible brand is an AVIF brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (!ascii(bytes, 4, 'ftyp') || bytes.length < 16) return false
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const boxEnd = Math.min(view.getUint32(0), bytes.length)
  if (AVIF_BRANDS.some((brand) => ascii(bytes, 8, brand))) return true
  // Compatible brands follow the major brand (8..12) and the minor version (12..16).
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) {
    if (AVIF_BRANDS.some((brand) => ascii(bytes, offset, brand))) return true
  }
  return false
}

/**
 * The image type the bytes really are (by their magic numbers), among JPEG, PNG, GIF,
 * WebP and AVIF; undefined for anything else, SVG and HTML included.
 */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg'
  }
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'image/png'
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif'
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp'
  if (isAvif(bytes)) return 'image/avif'
  return undefined
}

/**
 * RFC 9110 field-value characters (tab, visible ASCII, obs-text). Node refuses to send
 * a header with anything else, so a stored value outside this set could never be served.
 */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/

/** True when `value` can be sent as an HTTP header value. */
export function isHeaderSafe(value: string): boolean {
  return HEADER_VALUE.test(value)
}
