// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { defaultAboutContent } from '../../defaults/about-content.ts'
import type { AboutContent } from '../../entities/about-content.ts'
import { AboutPage, aboutMeta } from './about-page.tsx'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

function renderAbout(aboutContent: AboutContent = defaultAboutContent) {
  return render(
    <MemoryRouter>
      <AboutPage aboutContent={aboutContent} />
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('AboutPage', () => {
  it('should render one h1 and the five sections as h2 with their paragraphs', () => {
    renderAbout()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(defaultAboutContent.sections).toHaveLength(5)
    for (const section of defaultAboutContent.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.title })).toBeTruthy()
      for (const paragraph of section.body) expect(screen.getByText(paragraph)).toBeTruthy()
    }
  })

  it('should list the supported communities', () => {
    renderAbout()
    const heading = screen.getByRole('heading', { level: 2, name: 'Communities We Serve' })
    const items = within(heading.closest('section') as HTMLElement).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(defaultAboutContent.communities)
  })

  it('should render every slide image with its alt text and show the first slide', () => {
    renderAbout()
    const carousel = screen.getByRole('region', { name: 'Club photos' })
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel')
    const images = defaultAboutContent.slider.images
    images.forEach((image, i) => {
      const img = within(carousel).getByAltText(image.alt)
      expect(img.getAttribute('src')).toBe(image.src)
      expect(img.getAttribute('width')).toBeTruthy()
      const slide = img.closest('[aria-roledescription="slide"]') as HTMLElement
      expect(slide.hidden).toBe(i !== 0)
    })
  })

  it('should move between slides with labelled buttons and announce the current slide politely', () => {
    renderAbout()
    const images = defaultAboutContent.slider.images
    const status = screen.getByText((_, el) => el?.getAttribute('aria-live') === 'polite')
    expect(status.textContent).toContain(`Slide 1 of ${images.length}`)
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
    expect(status.textContent).toContain(`Slide 2 of ${images.length}`)
    expect(status.textContent).toContain(images[1]?.alt)
    const second = screen.getByAltText(images[1]?.alt ?? '').closest('[hidden]')
    expect(second).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }))
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }))
    expect(status.textContent).toContain(`Slide ${images.length} of ${images.length}`)
  })

  it('should leave the slider out when it is switched off', () => {
    renderAbout({
      ...defaultAboutContent,
      slider: { ...defaultAboutContent.slider, enabled: false },
    })
    expect(screen.queryByRole('region', { name: 'Club photos' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull()
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const { container } = renderAbout({
      sections: [{ id: 'evil', title: HOSTILE, body: [HOSTILE] }],
      slider: { enabled: true, images: [{ id: 'a', src: '/images/a.svg', alt: HOSTILE }] },
      communities: [HOSTILE],
    })
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getByRole('heading', { level: 2, name: HOSTILE })).toBeTruthy()
  })
})

describe('aboutMeta', () => {
  it('should give a title and a 120–160 character description', () => {
    const meta = aboutMeta(defaultAboutContent)
    expect(meta.title).toBe(`About the Club | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
    expect(meta.image).toBe(defaultAboutContent.slider.images[0]?.src)
  })
})
