import { useId, useState } from 'react'

import { EditableImage } from '../../editing/editable.tsx'
import type { ContentPath } from '../../editing/editing-context.ts'
import './image-slider.css'

/** An image the slider shows. */
export type SliderImage = { src: string; alt: string }

/** Props of {@link ImageSlider}. */
export type ImageSliderProps = {
  images: readonly SliderImage[]
  /** Names the carousel for assistive technology, e.g. "Photos of our fields". */
  label: string
  /** The content key the images are stored under. */
  contentKey: string
  /** Where image `index` lives in that document, e.g. `(i) => ['slider', 'images', i]`. */
  pathFor: (index: number) => ContentPath
  /** Intrinsic size given to every image; the frame keeps this aspect ratio. */
  width?: number
  height?: number
}

/**
 * A carousel of images with previous and next buttons, no autoplay. Every slide is in the HTML
 * (the first one shown), the frame reserves its space, and the current slide is announced
 * politely when it changes.
 *
 * @example
 * <ImageSlider images={about.slider.images} label="Club photos" contentKey="aboutContent"
 *   pathFor={(i) => ['slider', 'images', i]} />
 */
export function ImageSlider({
  images,
  label,
  contentKey,
  pathFor,
  width = 1200,
  height = 675,
}: ImageSliderProps) {
  const [index, setIndex] = useState(0)
  const id = useId()
  const count = images.length
  if (count === 0) return null
  // The list may shrink while an editor removes images.
  const current = Math.min(index, count - 1)
  const go = (step: number) => setIndex((current + step + count) % count)
  const currentImage = images[current]

  return (
    <div className="image-slider" role="region" aria-roledescription="carousel" aria-label={label}>
      <div
        id={`${id}-slides`}
        className="image-slider__frame"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        {images.map((image, i) => (
          <div
            key={`${i}-${image.src}`}
            className="image-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== current}
          >
            <EditableImage
              contentKey={contentKey}
              path={pathFor(i)}
              src={image.src}
              alt={image.alt}
              width={width}
              height={height}
              sizes="(min-width: 72rem) 70rem, 100vw"
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="image-slider__controls">
          <button
            type="button"
            className="image-slider__button"
            aria-label="Previous slide"
            aria-controls={`${id}-slides`}
            onClick={() => go(-1)}
          >
            <Chevron direction="left" />
          </button>
          <p className="image-slider__count" aria-live="polite">
            <span aria-hidden="true">
              {current + 1} / {count}
            </span>
            <span className="visually-hidden">
              {`Slide ${current + 1} of ${count}${currentImage?.alt ? `: ${currentImage.alt}` : ''}`}
            </span>
          </p>
          <button
            type="button"
            className="image-slider__button"
            aria-label="Next slide"
            aria-controls={`${id}-slides`}
            onClick={() => go(1)}
          >
            <Chevron direction="right" />
          </button>
        </div>
      )}
    </div>
  )
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
