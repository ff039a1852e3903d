import { describe, expect, it } from 'vitest'

import { defaultFor } from '../defaults/default-content.ts'
import { parseDocument } from './parse-document.ts'
import type { ContentIssue } from './parse-document.ts'

describe('slider image captions', () => {
  it('should keep a stored caption on an About slider image', () => {
    const about = defaultFor('aboutContent')
    about.slider.images = [
      { id: 'one', src: '/images/a.svg', alt: 'A field', caption: 'Opening day, 2026' },
    ]
    const parsed = parseDocument('aboutContent', about, defaultFor('aboutContent'))
    expect(parsed.slider.images[0]?.caption).toBe('Opening day, 2026')
  })

  it('should drop a malformed caption alone and keep the image', () => {
    const about = defaultFor('aboutContent') as unknown as {
      slider: { images: Record<string, unknown>[] }
    }
    about.slider.images = [
      { id: 'one', src: '/images/a.svg', alt: 'A field', caption: { html: '<b>x</b>' } },
    ]
    const issues: ContentIssue[] = []
    const parsed = parseDocument('aboutContent', about, defaultFor('aboutContent'), (issue) =>
      issues.push(issue),
    )
    expect(parsed.slider.images).toEqual([{ id: 'one', src: '/images/a.svg', alt: 'A field' }])
    expect(issues).toHaveLength(1)
  })

  it('should accept a Facilities slider image with or without a caption', () => {
    const fields = defaultFor('fieldsContent') as unknown as {
      sliderImages: Record<string, unknown>[]
    }
    fields.sliderImages = [
      { src: '/images/a.svg', alt: 'A', caption: 'Hollow Oak Park' },
      { src: '/images/b.svg', alt: 'B' },
      { src: '/images/c.svg', alt: 'C', caption: ['not', 'text'] },
    ]
    const parsed = parseDocument('fieldsContent', fields, defaultFor('fieldsContent'))
    expect(parsed.sliderImages.map((image) => image.caption)).toEqual([
      'Hollow Oak Park',
      undefined,
      undefined,
    ])
    expect(parsed.sliderImages).toHaveLength(3)
  })
})
