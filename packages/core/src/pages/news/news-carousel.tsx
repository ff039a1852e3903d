import { useId } from 'react'

import type { NewsPost } from '../../entities/news-post.ts'
import { formatClubDate } from '../../club/club-time.ts'
import { useSlidePosition } from '../shared/use-slide-position.ts'
import {
  cardImageOf,
  NewsCardExcerpt,
  NewsCardImage,
  NewsCardTitleLink,
} from './news-card-text.tsx'

/**
 * The featured stories, one at a time, with previous and next buttons and, on touch screens,
 * a sideways swipe. Every slide is in the HTML and all of them share one grid cell, so the
 * carousel is as tall as its tallest slide and nothing moves when the slide changes; the first
 * slide is the one prerendered as visible. No autoplay: the visitor moves it. The new slide
 * slides in unless the visitor asks for reduced motion.
 */
export function NewsCarousel({ slides, headingId }: { slides: NewsPost[]; headingId: string }) {
  const trackId = useId()
  const count = slides.length
  const { current: active, direction, go, swipe } = useSlidePosition(count)
  if (count === 0) return null

  return (
    <section className="news-carousel" aria-roledescription="carousel" aria-labelledby={headingId}>
      <div
        className="news-carousel__track"
        id={trackId}
        data-direction={direction ?? undefined}
        {...swipe}
      >
        {slides.map((post, position) => {
          const isActive = position === active
          return (
            <div
              key={post.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}`}
              className={`news-carousel__slide${isActive ? ' is-active' : ''}${
                cardImageOf(post) ? '' : ' news-carousel__slide--text'
              }`}
              inert={!isActive}
            >
              {cardImageOf(post) && (
                <div className="news-carousel__media">
                  <NewsCardImage
                    post={post}

                    priority={position === 0}
                    sizes="(min-width: 72rem) 40rem, 100vw"
                  />
                </div>
              )}
              <div className="news-carousel__text">
                <h3>
                  <NewsCardTitleLink post={post} />
                </h3>
                <p className="news-carousel__date">
                  <time dateTime={post.date}>{formatClubDate(post.date)}</time>
                </p>
                <NewsCardExcerpt post={post} />
              </div>
            </div>
          )
        })}
      </div>
      {count > 1 && (
        <div className="news-carousel__controls">
          <button
            type="button"
            className="news-carousel__button"
            aria-controls={trackId}
            onClick={() => go(-1)}
          >
            <span aria-hidden="true">←</span>
            <span className="visually-hidden">Previous story</span>
          </button>
          <p className="news-carousel__status" aria-live="polite" aria-atomic="true">
            Story {active + 1} of {count}
          </p>
          <button
            type="button"
            className="news-carousel__button"
            aria-controls={trackId}
            onClick={() => go(1)}
          >
            <span aria-hidden="true">→</span>
            <span className="visually-hidden">Next story</span>
          </button>
        </div>
      )}
    </section>
  )
}
