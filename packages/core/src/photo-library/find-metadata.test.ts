/**
 * The metadata scanner on real encoder output: the fixtures were written by sharp (see
 * fixtures/README.md), the GPS ones with the bulk uploader's sample GPS EXIF. Segments no encoder
 * here writes (IPTC, comments, PNG text) are spliced into those real files.
 */
import { readFileSync } from 'node:fs'
import { crc32 } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { findMetadata } from './find-metadata.ts'
import type { MetadataKind } from './find-metadata.ts'

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))

const kinds = (bytes: Uint8Array): MetadataKind[] =>
  findMetadata(bytes).findings.map((finding) => finding.kind)

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0))

/** A JPEG segment: marker, big-endian length (counting itself), payload. */
function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2
  return concat(Uint8Array.of(0xff, marker, length >> 8, length & 0xff), payload)
}

/** The JPEG with `segment` inserted right after its start-of-image marker. */
const withJpegSegment = (jpeg: Uint8Array, segment: Uint8Array) =>
  concat(jpeg.subarray(0, 2), segment, jpeg.subarray(2))

/** A PNG chunk with its CRC. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeAndData = concat(latin1(type), data)
  const header = new DataView(new ArrayBuffer(4))
  header.setUint32(0, data.length)
  const crc = new DataView(new ArrayBuffer(4))
  crc.setUint32(0, crc32(typeAndData))
  return concat(new Uint8Array(header.buffer), typeAndData, new Uint8Array(crc.buffer))
}

/** The PNG with `chunk` inserted after its IHDR chunk (signature 8 + IHDR 25 bytes). */
const withPngChunk = (png: Uint8Array, chunk: Uint8Array) =>
  concat(png.subarray(0, 33), chunk, png.subarray(33))

describe('findMetadata', () => {
  describe('JPEG', () => {
    it('should find nothing in a JPEG written without metadata', () => {
      expect(findMetadata(fixture('clean.jpg'))).toEqual({ format: 'jpeg', findings: [] })
    })

    it('should find the GPS EXIF a camera writes', () => {
      expect(findMetadata(fixture('gps.jpg')).findings).toEqual([
        { kind: 'exif', where: 'APP1 Exif', offset: 2 },
      ])
    })

    it('should find XMP', () => {
      expect(kinds(fixture('xmp.jpg'))).toEqual(['xmp'])
    })

    it('should find extended XMP', () => {
      const segment = jpegSegment(0xe1, latin1('http://ns.adobe.com/xmp/extension/\0ABCD'))
      expect(kinds(withJpegSegment(fixture('clean.jpg'), segment))).toEqual(['xmp'])
    })

    it('should find IPTC in a Photoshop APP13 segment', () => {
      const segment = jpegSegment(0xed, latin1('Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\0'))
      expect(kinds(withJpegSegment(fixture('clean.jpg'), segment))).toEqual(['iptc'])
    })

    it('should find a comment', () => {
      const segment = jpegSegment(0xfe, latin1('Taken at 12 Elm Street'))
      expect(kinds(withJpegSegment(fixture('clean.jpg'), segment))).toEqual(['text'])
    })

    it('should report an application segment it does not know', () => {
      const segment = jpegSegment(0xe3, latin1('Meta\0\0'))
      expect(findMetadata(withJpegSegment(fixture('clean.jpg'), segment)).findings).toEqual([
        { kind: 'unknown-segment', where: 'APP3 segment', offset: 2 },
      ])
    })

    it('should accept a JFIF header and an ICC colour profile', () => {
      const jfif = jpegSegment(0xe0, latin1('JFIF\0\x01\x01\0\0\x01\0\x01\0\0'))
      const icc = jpegSegment(0xe2, latin1('ICC_PROFILE\0\x01\x01profile'))
      expect(kinds(withJpegSegment(fixture('clean.jpg'), concat(jfif, icc)))).toEqual([])
    })

    it('should find EXIF in a second image appended after the end of the first', () => {
      expect(kinds(concat(fixture('clean.jpg'), fixture('gps.jpg')))).toEqual(['trailing-data'])
    })

    it('should accept zero padding after the end of the image', () => {
      expect(kinds(concat(fixture('clean.jpg'), new Uint8Array(16)))).toEqual([])
    })

    it('should report a JPEG cut short as malformed', () => {
      const jpeg = fixture('clean.jpg')
      expect(kinds(jpeg.subarray(0, jpeg.length - 40))).toEqual(['malformed'])
    })

    it('should report a segment whose length runs past the file as malformed', () => {
      const jpeg = fixture('gps.jpg')
      expect(kinds(jpeg.subarray(0, 40))).toEqual(['malformed'])
    })
  })

  describe('PNG', () => {
    it('should find nothing in a PNG written without metadata', () => {
      expect(findMetadata(fixture('clean.png'))).toEqual({ format: 'png', findings: [] })
    })

    it('should find an eXIf chunk', () => {
      expect(findMetadata(fixture('gps.png')).findings).toEqual([
        { kind: 'exif', where: 'eXIf chunk', offset: 33 },
      ])
    })

    it('should find XMP in a compressed text chunk', () => {
      expect(
        findMetadata(fixture('xmp.png')).findings.map(({ kind, where }) => [kind, where]),
      ).toEqual([['xmp', 'zTXt chunk']])
    })

    it('should find a tEXt chunk', () => {
      const chunk = pngChunk('tEXt', latin1('Author\0A Parent'))
      expect(kinds(withPngChunk(fixture('clean.png'), chunk))).toEqual(['text'])
    })

    it('should find an iTXt chunk', () => {
      const chunk = pngChunk('iTXt', latin1('Description\0\0\0en\0\0Our team'))
      expect(kinds(withPngChunk(fixture('clean.png'), chunk))).toEqual(['text'])
    })

    it('should find data after the end chunk', () => {
      expect(kinds(concat(fixture('clean.png'), latin1('Exif\0\0')))).toEqual(['trailing-data'])
    })

    it('should report a PNG cut short as malformed', () => {
      const png = fixture('clean.png')
      expect(kinds(png.subarray(0, png.length - 20))).toEqual(['malformed'])
    })
  })

  describe('WebP', () => {
    it('should find nothing in a WebP written without metadata', () => {
      expect(findMetadata(fixture('clean.webp'))).toEqual({ format: 'webp', findings: [] })
    })

    it('should find an EXIF chunk', () => {
      expect(kinds(fixture('gps.webp'))).toEqual(['exif'])
    })

    it('should find an XMP chunk', () => {
      expect(kinds(fixture('xmp.webp'))).toEqual(['xmp'])
    })

    it('should report a WebP whose container runs past the file as malformed', () => {
      const webp = fixture('clean.webp')
      expect(kinds(webp.subarray(0, webp.length - 10))).toEqual(['malformed'])
    })
  })

  it('should refuse to vouch for a format it does not read', () => {
    expect(findMetadata(latin1('GIF89a\x01\0\x01\0'))).toEqual({
      format: null,
      findings: [{ kind: 'unsupported-format', where: 'unknown format', offset: 0 }],
    })
  })
})
