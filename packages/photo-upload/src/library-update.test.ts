import { describe, expect, it } from 'vitest'

import { guessAltText, libraryEntry } from './library-update.ts'

describe('guessAltText', () => {
  it('should turn a descriptive file name into words', () => {
    expect(guessAltText('/x/opening-day_team_photo.jpg')).toBe('Opening day team photo')
    expect(guessAltText('U10BlueJays dugout.PNG')).toBe('U10 Blue Jays dugout')
  })

  it('should fall back to "Photo" for camera counters and dates', () => {
    expect(guessAltText('IMG_20260412_1534.jpg')).toBe('Photo')
    expect(guessAltText('DSC01234.JPG')).toBe('Photo')
  })
})

describe('libraryEntry', () => {
  it('should mark the drafted alt text as needing a person to confirm it', () => {
    const sha = 'c'.repeat(64)
    const entry = libraryEntry(
      {
        id: 'p-1',
        src: 'library/cc/c.jpg',
        thumbnail: 'library/cc/c-thumb.jpg',
        width: 4,
        height: 3,
        alt: 'Photo',
      },
      sha,
      '2026-11-23T12:00:00.000Z',
    )
    expect(entry).toMatchObject({ needsAltText: true, sha256: sha, alt: 'Photo' })
  })
})
