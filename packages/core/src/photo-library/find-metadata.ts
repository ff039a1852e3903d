/**
 * A byte scanner that says whether an encoded image still carries metadata. The browser's
 * re-encoding should leave none; this checks the bytes actually about to be uploaded, because
 * these are photos of minors and a GPS position must never reach the public bucket. Pure: no
 * DOM, no decoding, so it runs the same in the browser, in Node and in tests.
 */

/** What kind of metadata was found. */
export type MetadataKind =
  /** EXIF (camera, time, GPS): a JPEG APP1 `Exif`, PNG `eXIf` or WebP `EXIF`. */
  | 'exif'
  /** XMP (may repeat GPS, names, edit history): JPEG APP1, PNG iTXt/zTXt, WebP `XMP `. */
  | 'xmp'
  /** IPTC (captions, names, places), kept in a JPEG APP13 Photoshop block. */
  | 'iptc'
  /** Free text: a JPEG comment or a PNG tEXt/iTXt/zTXt chunk. */
  | 'text'
  /** An application segment this scanner does not know; it may hold anything. */
  | 'unknown-segment'
  /** Bytes after the image's end, where some cameras append a second image with its EXIF. */
  | 'trailing-data'
  /** The structure could not be followed to its end, so what it holds cannot be told. */
  | 'malformed'
  /** Not a JPEG, PNG or WebP file: the only formats the browser pipeline produces. */
  | 'unsupported-format'

/** One piece of metadata (or one reason the file cannot be vouched for). */
export type MetadataFinding = {
  kind: MetadataKind
  /** Where it is, in the format's own terms (`APP1 Exif`, `eXIf chunk`), for messages and logs. */
  where: string
  /** Byte offset of the segment or chunk. */
  offset: number
}

/** The image formats the scanner reads. */
export type ScannedFormat = 'jpeg' | 'png' | 'webp'

/** What the scan saw: the format (if recognised) and every finding, in file order. */
export type MetadataScan = { format: ScannedFormat | null; findings: MetadataFinding[] }

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(bytes.length, start + length)))

const startsWith = (bytes: Uint8Array, start: number, prefix: string) =>
  ascii(bytes, start, prefix.length) === prefix

const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0)
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2)
const u32le = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) +
  (bytes[at + 1] ?? 0) * 0x100 +
  (bytes[at + 2] ?? 0) * 0x10000 +
  (bytes[at + 3] ?? 0) * 0x1000000

/** Trailing bytes that are only padding (some encoders round files up with zeros). */
function isPadding(bytes: Uint8Array, from: number): boolean {
  for (let index = from; index < bytes.length; index += 1) if (bytes[index] !== 0) return false
  return true
}

const APP1_EXIF = 'Exif\0'
const APP1_XMP = 'http://ns.adobe.com/xap/1.0/\0'
const APP1_XMP_EXTENSION = 'http://ns.adobe.com/xmp/extension/\0'

/** A JPEG application segment: benign (colour, file format) or metadata. */
function classifyJpegSegment(marker: number, bytes: Uint8Array, body: number): MetadataKind | null {
  switch (marker) {
    case 0xe0: // APP0: JFIF or JFXX, the file's own header
      return startsWith(bytes, body, 'JFIF\0') || startsWith(bytes, body, 'JFXX\0')
        ? null
        : 'unknown-segment'
    case 0xe1:
      if (startsWith(bytes, body, APP1_EXIF)) return 'exif'
      if (startsWith(bytes, body, APP1_XMP) || startsWith(bytes, body, APP1_XMP_EXTENSION))
        return 'xmp'
      return 'unknown-segment'
    case 0xe2: // APP2: an ICC colour profile describes colours, not the photo; anything else may (MPF)
      return startsWith(bytes, body, 'ICC_PROFILE\0') ? null : 'unknown-segment'
    case 0xed:
      return 'iptc'
    case 0xee: // APP14: Adobe's colour-transform flag
      return startsWith(bytes, body, 'Adobe') ? null : 'unknown-segment'
    case 0xfe:
      return 'text'
    default:
      return marker >= 0xe0 && marker <= 0xef ? 'unknown-segment' : null
  }
}

const JPEG_NAMES: Record<MetadataKind, string> = {
  exif: 'APP1 Exif',
  xmp: 'APP1 XMP',
  iptc: 'APP13 IPTC',
  text: 'COM comment',
  'unknown-segment': 'application segment',
  'trailing-data': 'data after the end of the image',
  malformed: 'damaged segment',
  'unsupported-format': 'unknown format',
}

function scanJpeg(bytes: Uint8Array): MetadataFinding[] {
  const findings: MetadataFinding[] = []
  const malformed = (offset: number) => {
    findings.push({ kind: 'malformed', where: JPEG_NAMES.malformed, offset })
    return findings
  }
  let at = 2
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return malformed(at)
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at] === 0xff) at += 1
    const marker = bytes[at]
    const segment = at - 1
    at += 1
    if (marker === undefined) return malformed(segment)
    if (marker === 0xd9) {
      if (!isPadding(bytes, at)) {
        findings.push({ kind: 'trailing-data', where: JPEG_NAMES['trailing-data'], offset: at })
      }
      return findings
    }
    // Markers without a length: restart markers and TEM.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue
    const length = u16be(bytes, at)
    if (length < 2 || at + length > bytes.length) return malformed(segment)
    const kind = classifyJpegSegment(marker, bytes, at + 2)
    if (kind) {
      const name = kind === 'unknown-segment' ? `APP${marker - 0xe0} segment` : JPEG_NAMES[kind]
      findings.push({ kind, where: name, offset: segment })
    }
    at += length
    if (marker === 0xda) {
      // Entropy-coded data follows the scan header: skip to the next marker that is neither
      // a stuffed zero nor a restart marker.
      while (at < bytes.length) {
        if (bytes[at] === 0xff) {
          const next = bytes[at + 1]
          if (
            next === 0x00 ||
            next === 0xff ||
            (next !== undefined && next >= 0xd0 && next <= 0xd7)
          ) {
            at += next === 0xff ? 1 : 2
            continue
          }
          break
        }
        at += 1
      }
    }
  }
  // The end-of-image marker never came: the file is cut short.
  return malformed(at)
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function pngTextKind(bytes: Uint8Array, data: number): MetadataKind {
  // XMP in PNG is an iTXt (sometimes zTXt) chunk whose keyword is `XML:com.adobe.xmp`.
  return startsWith(bytes, data, 'XML:com.adobe.xmp\0') ? 'xmp' : 'text'
}

function scanPng(bytes: Uint8Array): MetadataFinding[] {
  const findings: MetadataFinding[] = []
  let at = PNG_SIGNATURE.length
  while (at + 12 <= bytes.length) {
    const length = u32be(bytes, at)
    const type = ascii(bytes, at + 4, 4)
    const end = at + 12 + length
    if (end > bytes.length) break
    if (type === 'eXIf' || type === 'exIf') {
      findings.push({ kind: 'exif', where: `${type} chunk`, offset: at })
    } else if (type === 'tEXt' || type === 'iTXt' || type === 'zTXt') {
      findings.push({ kind: pngTextKind(bytes, at + 8), where: `${type} chunk`, offset: at })
    }
    if (type === 'IEND') {
      if (!isPadding(bytes, end)) {
        findings.push({ kind: 'trailing-data', where: 'data after IEND', offset: end })
      }
      return findings
    }
    at = end
  }
  findings.push({ kind: 'malformed', where: 'damaged chunk', offset: at })
  return findings
}

function scanWebp(bytes: Uint8Array): MetadataFinding[] {
  const findings: MetadataFinding[] = []
  const riffEnd = 8 + u32le(bytes, 4)
  if (riffEnd > bytes.length) {
    return [{ kind: 'malformed', where: 'RIFF size beyond the file', offset: 4 }]
  }
  let at = 12
  while (at + 8 <= riffEnd) {
    const type = ascii(bytes, at, 4)
    const size = u32le(bytes, at + 4)
    const end = at + 8 + size + (size % 2)
    if (at + 8 + size > riffEnd) {
      findings.push({ kind: 'malformed', where: `${type.trim()} chunk`, offset: at })
      return findings
    }
    if (type === 'EXIF') findings.push({ kind: 'exif', where: 'EXIF chunk', offset: at })
    else if (type === 'XMP ') findings.push({ kind: 'xmp', where: 'XMP chunk', offset: at })
    at = end
  }
  if (!isPadding(bytes, riffEnd)) {
    findings.push({
      kind: 'trailing-data',
      where: 'data after the RIFF container',
      offset: riffEnd,
    })
  }
  return findings
}

/** Tells JPEG, PNG and WebP apart by their first bytes. */
export function sniffScannedFormat(bytes: Uint8Array): ScannedFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png'
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp'
  return null
}

/**
 * Finds every piece of metadata in a JPEG, PNG or WebP file: EXIF, XMP and IPTC, comments and
 * text chunks, unknown application segments and data after the image. A file it cannot read to
 * the end, or of another format, yields a `malformed` or `unsupported-format` finding: an
 * empty list means the file is known to be clean, never merely that nothing was recognised.
 */
export function findMetadata(bytes: Uint8Array): MetadataScan {
  const format = sniffScannedFormat(bytes)
  switch (format) {
    case 'jpeg':
      return { format, findings: scanJpeg(bytes) }
    case 'png':
      return { format, findings: scanPng(bytes) }
    case 'webp':
      return { format, findings: scanWebp(bytes) }
    default:
      return {
        format: null,
        findings: [{ kind: 'unsupported-format', where: 'unknown format', offset: 0 }],
      }
  }
}
