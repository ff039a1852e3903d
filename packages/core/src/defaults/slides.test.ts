import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from './default-content.ts'

/** Every slide of the sample content: both image sliders and the featured news stories. */
function slides(): { where: string; src: string }[] {
  const { aboutContent, fieldsContent, newsPosts } = DEFAULT_CONTENT
  return [
    ...aboutContent.slider.images.map((image) => ({ where: 'About slider', src: image.src })),
    ...fieldsContent.sliderImages.map((image) => ({ where: 'Facilities slider', src: image.src })),
    ...newsPosts
      .filter((post) => post.showInCarousel)
      .map((post) => ({ where: 'news carousel', src: post.cardImageUrl || post.imageUrl })),
  ]
}

describe('sample slides', () => {
  it('should never show the same image on two slides, in one slider or across them', () => {
    const all = slides()
    expect(all.length).toBeGreaterThanOrEqual(10)
    const seen = new Map<string, string>()
    const repeats: string[] = []
    for (const slide of all) {
      const first = seen.get(slide.src)
      if (first) repeats.push(`${slide.src} in the ${first} and the ${slide.where}`)
      else seen.set(slide.src, slide.where)
    }
    expect(repeats).toEqual([])
  })

  it('should caption and describe every slider image', () => {
    const images = [
      ...DEFAULT_CONTENT.aboutContent.slider.images,
      ...DEFAULT_CONTENT.fieldsContent.sliderImages,
    ]
    for (const image of images) {
      expect(image.alt.length).toBeGreaterThan(10)
      expect(image.caption?.length ?? 0).toBeGreaterThan(10)
      expect(image.caption).not.toBe(image.alt)
    }
  })
})
