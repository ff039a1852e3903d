import { describe, expect, it } from 'vitest'

import {
  MEDIUM_WIDTH,
  addressWithCopies,
  mediumSize,
  photoEncodingType,
  responsiveImage,
  sizedCopyPath,
} from './photo-sizes.ts'

const SHA = 'ab'.repeat(32)
const BASE = `https://db.example.org/storage/v1/object/public/photo-library/library/ab/${SHA}`

describe('mediumSize', () => {
  it('is MEDIUM_WIDTH wide at the photo’s aspect ratio', () => {
    expect(MEDIUM_WIDTH).toBe(800)
    expect(mediumSize(1600, 1067)).toEqual({ width: 800, height: 534 })
    expect(mediumSize(1707, 2560)).toEqual({ width: 800, height: 1200 })
    expect(mediumSize(801, 1)).toEqual({ width: 800, height: 1 })
  })

  it('is not made for a photo no wider than it', () => {
    expect(mediumSize(800, 600)).toBeNull()
    expect(mediumSize(480, 320)).toBeNull()
  })
})

describe('sizedCopyPath', () => {
  it('names the copy by its width beside the photo, keeping the type', () => {
    expect(sizedCopyPath(`library/ab/${SHA}.jpg`, 800)).toBe(`library/ab/${SHA}-800w.jpg`)
    expect(sizedCopyPath(`${BASE}.webp`, 800)).toBe(`${BASE}-800w.webp`)
    expect(sizedCopyPath('library/a.b/file', 800)).toBe('library/a.b/file-800w')
  })
})

describe('addressWithCopies', () => {
  it('adds every width, smallest first, the photo’s own last', () => {
    expect(addressWithCopies(`${BASE}.jpg`, 1600, [800])).toBe(`${BASE}.jpg#widths=800,1600`)
    expect(addressWithCopies(`${BASE}.jpg`, 2560, [1280, 800, 800])).toBe(
      `${BASE}.jpg#widths=800,1280,2560`,
    )
  })

  it('leaves the address alone when there is no smaller copy', () => {
    expect(addressWithCopies(`${BASE}.jpg`, 700, [])).toBe(`${BASE}.jpg`)
    expect(addressWithCopies(`${BASE}.jpg`, 800, [800, 900])).toBe(`${BASE}.jpg`)
  })
})

describe('responsiveImage', () => {
  it('offers the medium copy and the photo by width', () => {
    expect(responsiveImage(`${BASE}.jpg#widths=800,1600`)).toEqual({
      src: `${BASE}.jpg`,
      srcSet: `${BASE}-800w.jpg 800w, ${BASE}.jpg 1600w`,
    })
  })

  it('round-trips what addressWithCopies stores', () => {
    const stored = addressWithCopies(`${BASE}.jpg`, 2560, [800])
    expect(responsiveImage(stored).srcSet).toBe(`${BASE}-800w.jpg 800w, ${BASE}.jpg 2560w`)
  })

  it('loads an address stored before medium copies existed as it is, with no srcset', () => {
    expect(responsiveImage(`${BASE}.jpg`)).toEqual({ src: `${BASE}.jpg` })
    expect(responsiveImage('/images/fields/field-1.svg')).toEqual({
      src: '/images/fields/field-1.svg',
    })
    // A page anchor that merely looks alike is not a list of widths.
    expect(responsiveImage(`${BASE}.jpg#widths=`)).toEqual({ src: `${BASE}.jpg#widths=` })
  })

  it('gives no srcset for widths that are not a rising list', () => {
    expect(responsiveImage(`${BASE}.jpg#widths=1600,800`)).toEqual({ src: `${BASE}.jpg` })
    expect(responsiveImage(`${BASE}.jpg#widths=1600`)).toEqual({ src: `${BASE}.jpg` })
    expect(responsiveImage(`${BASE}.jpg#widths=0,1600`)).toEqual({ src: `${BASE}.jpg` })
  })

  it('checks every candidate as hostile: an unsafe base gets no srcset', () => {
    // Commas or spaces would split a srcset candidate; a script address is never an image.
    expect(responsiveImage('https://x.example/a,b.jpg#widths=800,1600')).toEqual({
      src: 'https://x.example/a,b.jpg',
    })
    expect(responsiveImage('javascript:alert(1)//x.jpg#widths=800,1600')).toEqual({
      src: 'javascript:alert(1)//x.jpg',
    })
    expect(responsiveImage('//evil.example/x.jpg#widths=800,1600')).toEqual({
      src: '//evil.example/x.jpg',
    })
    // A query string would put the width inside it: no srcset either.
    expect(responsiveImage(`${BASE}.jpg?v=1#widths=800,1600`)).toEqual({
      src: `${BASE}.jpg?v=1`,
    })
  })
})

describe('photoEncodingType', () => {
  it('should keep a JPEG a JPEG, and keep what may be transparent in WebP', () => {
    expect(photoEncodingType({ jpeg: true })).toBe('image/jpeg')
    expect(photoEncodingType({ jpeg: true, alpha: true })).toBe('image/jpeg')
    // The browser knows only the format: a PNG might be transparent.
    expect(photoEncodingType({ jpeg: false })).toBe('image/webp')
    // The uploader reads the alpha: an opaque PNG becomes a JPEG, a transparent one WebP.
    expect(photoEncodingType({ jpeg: false, alpha: false })).toBe('image/jpeg')
    expect(photoEncodingType({ jpeg: false, alpha: true })).toBe('image/webp')
  })
})
