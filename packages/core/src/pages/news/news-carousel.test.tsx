// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { renderPage } from '../../../test-utils/page-test-utils.tsx'
import { NewsCarousel } from './news-carousel.tsx'

const slides = DEFAULT_CONTENT.newsPosts.filter((post) => post.showInCarousel)

function swipe(element: Element, dx: number) {
  const at = { clientX: 300, clientY: 200, pointerId: 3, pointerType: 'touch', isPrimary: true }
  fireEvent.pointerDown(element, at)
  fireEvent.pointerUp(element, { ...at, clientX: 300 + dx })
}

describe('<NewsCarousel/>', () => {
  it('should move to the next story on a swipe left and back on a swipe right', () => {
    const { container } = renderPage(<NewsCarousel slides={slides} headingId="featured" />)
    const track = container.querySelector('.news-carousel__track') as HTMLElement
    const active = () => container.querySelector('.news-carousel__slide.is-active h3')?.textContent
    expect(active()).toBe(slides[0]?.cardTitle)
    act(() => swipe(track, -120))
    expect(active()).toBe(slides[1]?.cardTitle)
    expect(screen.getByText(`Story 2 of ${slides.length}`)).toBeTruthy()
    act(() => swipe(track, 120))
    expect(active()).toBe(slides[0]?.cardTitle)
    expect(track.dataset.direction).toBe('previous')
  })

  it('should leave the story in place for a short move', () => {
    const { container } = renderPage(<NewsCarousel slides={slides} headingId="featured" />)
    const track = container.querySelector('.news-carousel__track') as HTMLElement
    act(() => swipe(track, -40))
    expect(screen.getByText(`Story 1 of ${slides.length}`)).toBeTruthy()
  })
})
