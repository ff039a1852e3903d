// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { ImageSlider } from './image-slider.tsx'
import type { SliderImage } from './image-slider.tsx'

afterEach(cleanup)

const IMAGES: SliderImage[] = [
  { src: '/images/a.svg', alt: 'First field', caption: 'Hollow Oak Park in spring.' },
  { src: '/images/b.svg', alt: 'Second field' },
  { src: '/images/c.svg', alt: 'Third field', caption: 'Seneca Ridge Park.' },
]

function show(images = IMAGES) {
  return render(
    <ImageSlider
      images={images}
      label="Field photos"
      contentKey="fieldsContent"
      path={['sliderImages']}
    />,
  )
}

/** The slide that is not hidden. */
const visible = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('.image-slider__slide:not([hidden])')

function swipe(element: Element, dx: number, dy = 0, pointerType = 'touch') {
  const at = { clientX: 200, clientY: 100, pointerId: 7, pointerType, isPrimary: true }
  fireEvent.pointerDown(element, at)
  fireEvent.pointerMove(element, { ...at, clientX: 200 + dx / 2, clientY: 100 + dy / 2 })
  fireEvent.pointerUp(element, { ...at, clientX: 200 + dx, clientY: 100 + dy })
}

describe('<ImageSlider/>', () => {
  it('should caption a slide that has a caption, under its image', () => {
    const { container } = show()
    const slide = visible(container)
    expect(slide?.tagName).toBe('FIGURE')
    expect(slide?.querySelector('figcaption')?.textContent).toBe('Hollow Oak Park in spring.')
    expect(slide?.querySelector('img')?.getAttribute('alt')).toBe('First field')
  })

  it('should show no caption for an image without one', () => {
    const { container } = show()
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
    expect(visible(container)?.querySelector('img')?.getAttribute('alt')).toBe('Second field')
    expect(visible(container)?.querySelector('figcaption')).toBeNull()
  })

  it('should go to the next slide on a swipe left and back on a swipe right', () => {
    const { container } = show()
    const slides = container.querySelector('.image-slider__slides') as HTMLElement
    act(() => swipe(slides, -80))
    expect(visible(container)?.getAttribute('aria-label')).toBe('2 of 3')
    expect(slides.dataset.direction).toBe('next')
    act(() => swipe(slides, 90))
    act(() => swipe(slides, 90))
    expect(visible(container)?.getAttribute('aria-label')).toBe('3 of 3')
    expect(slides.dataset.direction).toBe('previous')
    expect(screen.getByText('Slide 3 of 3: Third field')).toBeTruthy()
  })

  it('should ignore short, vertical and mouse drags', () => {
    const { container } = show()
    const slides = container.querySelector('.image-slider__slides') as HTMLElement
    act(() => swipe(slides, -30))
    act(() => swipe(slides, -60, 120))
    act(() => swipe(slides, -150, 0, 'mouse'))
    expect(visible(container)?.getAttribute('aria-label')).toBe('1 of 3')
  })

  it('should offer no buttons and no swipe for a single image', () => {
    const { container } = show([IMAGES[0]!])
    expect(screen.queryByRole('button')).toBeNull()
    const slides = container.querySelector('.image-slider__slides') as HTMLElement
    act(() => swipe(slides, -80))
    expect(visible(container)?.getAttribute('aria-label')).toBe('1 of 1')
  })
})
