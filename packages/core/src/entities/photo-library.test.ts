import { describe, expect, it } from 'vitest'

import { defaultFor } from '../defaults/default-content.ts'
import { parseDocument } from './parse-document.ts'

const SHA = 'a'.repeat(64)

describe('photo library entries from the bulk uploader', () => {
  it('should keep the hash, thumbnail and needs-alt-text mark of an uploaded photo', () => {
    const stored = {
      albums: [],
      photos: [
        {
          id: `p-${SHA.slice(0, 16)}`,
          src: `library/aa/${SHA}.jpg`,
          thumbnail: `library/aa/${SHA}-thumb.jpg`,
          alt: 'Opening day',
          width: 2560,
          height: 1920,
          sha256: SHA,
          needsAltText: true,
        },
      ],
    }
    const parsed = parseDocument('photoLibrary', stored, defaultFor('photoLibrary'))
    expect(parsed.photos).toEqual(stored.photos)
  })

  it('should read documents stored before these fields existed unchanged', () => {
    const older = {
      albums: [{ id: 'fields', title: 'Our Fields' }],
      photos: [{ id: 'one', src: '/images/a.svg', alt: 'A field', width: 10, height: 10 }],
    }
    expect(parseDocument('photoLibrary', older, defaultFor('photoLibrary'))).toEqual(older)
  })

  it('should leave out a malformed mark or thumbnail and keep the photo', () => {
    const stored = {
      albums: [],
      photos: [
        {
          id: 'one',
          src: 'library/one.jpg',
          alt: '',
          width: 10,
          height: 10,
          needsAltText: 'yes',
          thumbnail: '../escape.jpg',
        },
      ],
    }
    const parsed = parseDocument('photoLibrary', stored, defaultFor('photoLibrary'))
    expect(parsed.photos).toEqual([
      { id: 'one', src: 'library/one.jpg', alt: '', width: 10, height: 10 },
    ])
  })
})
