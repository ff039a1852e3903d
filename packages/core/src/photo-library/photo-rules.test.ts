import { describe, expect, it } from 'vitest'

import { responsiveImage } from '../entities/photo-sizes.ts'
import { photoAddress, photoCopyPaths, photoObjectPaths } from './photo-rules.ts'

const SHA = 'cd'.repeat(32)
const publicUrl = (path: string) =>
  `https://db.example.org/storage/v1/object/public/photo-library/${path}`

describe('photoObjectPaths', () => {
  it('names the photo, thumbnail and medium copy by the original’s hash', () => {
    expect(photoObjectPaths(SHA, 'image/jpeg')).toEqual({
      src: `library/cd/${SHA}.jpg`,
      thumbnail: `library/cd/${SHA}-thumb.jpg`,
      medium: `library/cd/${SHA}-800w.jpg`,
    })
    expect(photoObjectPaths(SHA, 'image/webp').medium).toBe(`library/cd/${SHA}-800w.webp`)
  })
})

describe('photoAddress and photoCopyPaths', () => {
  const paths = photoObjectPaths(SHA, 'image/jpeg')
  const withMedium = {
    src: paths.src,
    width: 2560,
    variants: [{ src: paths.medium, width: 800 }],
  }

  it('stores a photo with a medium copy with its widths, which a page turns into a srcset', () => {
    const address = photoAddress(withMedium, publicUrl)
    expect(address).toBe(`${publicUrl(paths.src)}#widths=800,2560`)
    expect(responsiveImage(address)).toEqual({
      src: publicUrl(paths.src),
      srcSet: `${publicUrl(paths.medium)} 800w, ${publicUrl(paths.src)} 2560w`,
    })
    expect(photoCopyPaths(withMedium)).toEqual([paths.src, paths.medium])
  })

  it('stores a photo recorded before medium copies existed at its plain address', () => {
    const old = { src: paths.src, width: 2560 }
    expect(photoAddress(old, publicUrl)).toBe(publicUrl(paths.src))
    expect(photoCopyPaths(old)).toEqual([paths.src])
  })

  it('ignores a recorded copy that is not where the rule puts it', () => {
    const elsewhere = { ...withMedium, variants: [{ src: 'library/cd/other.jpg', width: 800 }] }
    expect(photoAddress(elsewhere, publicUrl)).toBe(publicUrl(paths.src))
  })

  it('keeps site paths and web addresses as they are, with nothing to publish', () => {
    const site = { src: '/images/fields/field-1.svg', width: 1200 }
    expect(photoAddress(site, publicUrl)).toBe('/images/fields/field-1.svg')
    expect(photoCopyPaths(site)).toEqual([])
    expect(photoCopyPaths({ src: 'https://cdn.example.org/a.jpg', width: 1 })).toEqual([])
  })
})
