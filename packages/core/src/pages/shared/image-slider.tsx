import { useId, useRef } from 'react'

import { EditableImage, EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import type { ContentPath } from '../../editing/editing-context.ts'
import { useSlidePosition } from './use-slide-position.ts'
import './image-slider.css'

/** An image the slider shows; the caption, when there is one, is shown under it. */
export type SliderImage = {
  /** The stored image's id, when the document gives one. */
  id?: string
  src: string
  alt: string
  caption?: string | undefined
}

/** Props of {@link ImageSlider}. */
export type ImageSliderProps = {
  images: readonly SliderImage[]
  /** Names the carousel for assistive technology, e.g. "Photos of our fields". */
  label: string
  /** The content key the images are stored under. */
  contentKey: string
  /** Where the images' array lives in that document, e.g. `['slider', 'images']`. */
  path: ContentPath
  /** A new stored image for the editor's Add button (a placeholder to pick a photo over). */
  newImage?: () => unknown
  /** Intrinsic size given to every image; the frame keeps this aspect ratio. */
  width?: number
  height?: number
}

/**
 * A carousel of images with previous and next buttons and, on touch screens, a sideways
 * swipe; no autoplay. Every slide is in the HTML (the first one shown), the frame reserves
 * its space, and the current slide is announced politely when it changes. Motion (the image
 * following the finger, the new slide sliding in) is left out for visitors who ask for
 * reduced motion. In edit mode every slide shows, side by side, to be added, removed and
 * reordered.
 *
 * @example
 * <ImageSlider images={about.slider.images} label="Club photos" contentKey="aboutContent"
 *   path={['slider', 'images']} />
 */
export function ImageSlider({
  images,
  label,
  contentKey,
  path,
  newImage,
  width = 1200,
  height = 675,
}: ImageSliderProps) {
  const slidesRef = useRef<HTMLDivElement>(null)
  const id = useId()
  const count = images.length
  // A drag is written straight to the element: a re-render per finger move would be wasted work.
  const { current, direction, go, swipe } = useSlidePosition(count, (dx) =>
    slidesRef.current?.style.setProperty('--image-slider-drag', `${dx / 3}px`),
  )
  if (count === 0) return null
  const announced = images[current]?.alt

  return (
    <div className="image-slider" role="region" aria-roledescription="carousel" aria-label={label}>
      <EditableList
        as="div"
        id={`${id}-slides`}
        ref={slidesRef}
        className="image-slider__slides"
        data-direction={direction ?? undefined}
        {...swipe}
        contentKey={contentKey}
        path={path}
        items={images}
        itemAs="figure"
        itemKey={(image, i) => image.id ?? `${i}-${image.src}`}
        itemProps={(_, i) => ({
          className: 'image-slider__slide',
          role: 'group',
          'aria-roledescription': 'slide',
          'aria-label': `${i + 1} of ${count}`,
          hidden: i !== current,
        })}
        itemLabel={(image, i) => `Photo ${i + 1}${image.alt ? `: ${image.alt}` : ''}`}
        newItem={newImage}
        renderItem={(image, i) => (
          <>
            <div className="image-slider__frame" style={{ aspectRatio: `${width} / ${height}` }}>
              <EditableImage
                contentKey={contentKey}
                path={[...path, i, 'src']}
                altPath={[...path, i, 'alt']}
                captionPath={[...path, i, 'caption']}
                src={image.src}
                alt={image.alt}
                width={width}
                height={height}
                sizes="(min-width: 72rem) 70rem, 100vw"
              />
            </div>
            {image.caption ? (
              <EditableText
                as="figcaption"
                className="image-slider__caption"
                contentKey={contentKey}
                path={[...path, i, 'caption']}
                value={image.caption}
              />
            ) : null}
          </>
        )}
      />
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
              {`Slide ${current + 1} of ${count}${announced ? `: ${announced}` : ''}`}
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
