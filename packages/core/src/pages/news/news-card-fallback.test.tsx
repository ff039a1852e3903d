// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { defaultFor } from '../../defaults/default-content.ts'
import { renderPage } from '../../../test-utils/page-test-utils.tsx'
import { NewsPageOf } from '../../../test-utils/news-page-of.tsx'

describe('a news post without a photo', () => {
  it('should be a card of text, with no empty photo box, in the list and the carousel', () => {
    const [first, ...rest] = defaultFor('newsPosts')
    if (!first) throw new Error('no sample post')
    const bare = { ...first, imageUrl: '', cardImageUrl: '', showInCarousel: true }
    const { container } = renderPage(<NewsPageOf posts={[bare, ...rest]} />)
    const card = container.querySelector('.news-list .news-card--text')
    expect(card).not.toBeNull()
    expect(card?.querySelector('.news-card__media')).toBeNull()
    expect(within(card as HTMLElement).getByRole('heading', { level: 3 })).toBeTruthy()
    // Every card that has a photo keeps its photo box.
    const media = container.querySelectorAll('.news-list .news-card__media')
    expect(media.length).toBe(container.querySelectorAll('.news-list .news-card').length - 1)
    const slide = screen
      .getByRole('region', { name: 'Featured stories' })
      .querySelector('.news-carousel__slide--text')
    expect(slide?.querySelector('.news-carousel__media')).toBeNull()
  })
})
