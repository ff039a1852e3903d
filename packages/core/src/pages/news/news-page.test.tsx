// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { NEWS_PAGE_SIZE } from '../../entities/enums.ts'
import { NewsPageOf } from '../../../test-utils/news-page-of.tsx'
import { newestFirst, newsMeta } from './news-page.tsx'

const posts = DEFAULT_CONTENT.newsPosts

function carousel(): HTMLElement {
  return screen.getByRole('region', { name: 'Featured stories' })
}

function slides(): HTMLElement[] {
  return within(carousel()).getAllByRole('group', { hidden: true })
}

function activeSlide(): HTMLElement {
  const active = slides().filter((slide) => !slide.hasAttribute('inert'))
  expect(active).toHaveLength(1)
  return active[0] as HTMLElement
}

describe('NewsPage', () => {
  it('should list every post as a card, newest first, linking to its article', () => {
    const { container } = renderPage(<NewsPageOf posts={posts} />)
    const list = container.querySelector('.news-list') as HTMLElement
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(titles).toEqual([
      'Spring registration is coming',
      'Tryouts announced',
      'Weather cancellations, explained',
      'Since 1952',
    ])
    const link = within(list).getByRole('link', { name: 'Tryouts announced' })
    expect(link.getAttribute('href')).toBe(
      '/news-and-updates/travel-and-showcase-tryouts-announced',
    )
  })

  it('should show each card date in words and its author', () => {
    const { container } = renderPage(<NewsPageOf posts={posts} />)
    const first = container.querySelector('.news-list li') as HTMLElement
    const time = first.querySelector('time')
    expect(time?.textContent).toBe('November 2, 2026')
    expect(time?.getAttribute('dateTime')).toBe('2026-11-02')
    expect(first.textContent).toContain('By Club Staff')
    expect(first.textContent).toContain(
      'Tee Ball, recreation baseball and softball open for spring soon.',
    )
  })

  it('should fall back to the full title, image and excerpt when the card ones are empty', () => {
    const changed = defaultFor('newsPosts')
    const post = changed[0] as NewsPost
    post.cardTitle = ''
    post.cardExcerpt = ''
    post.cardImageUrl = ''
    post.imageUrl = '/images/news/other.svg'
    const { container } = renderPage(<NewsPageOf posts={changed} />)
    const first = container.querySelector('.news-list li') as HTMLElement
    expect(first.querySelector('h3')?.textContent).toBe(post.title)
    expect(first.textContent).toContain(post.excerpt)
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/images/news/other.svg')
  })

  it('should put only carousel posts in the carousel, first slide shown in the HTML', () => {
    renderPage(<NewsPageOf posts={posts} />)
    expect(carousel().getAttribute('aria-roledescription')).toBe('carousel')
    expect(slides()).toHaveLength(3)
    expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ])
    expect(activeSlide().textContent).toContain('Spring registration is coming')
    expect(within(carousel()).queryByText('Since 1952')).toBeNull()
    const firstImage = activeSlide().querySelector('img')
    expect(firstImage?.getAttribute('loading')).toBe('eager')
    expect(firstImage?.getAttribute('width')).toBe('1200')
    expect(firstImage?.getAttribute('height')).toBe('675')
  })

  it('should move between slides with labelled buttons and announce the position politely', () => {
    renderPage(<NewsPageOf posts={posts} />)
    const status = within(carousel()).getByText('Story 1 of 3')
    expect(status.getAttribute('aria-live')).toBe('polite')
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }))
    expect(activeSlide().textContent).toContain('Tryouts announced')
    expect(status.textContent).toBe('Story 2 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }))
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }))
    expect(activeSlide().textContent).toContain('Weather cancellations, explained')
    expect(status.textContent).toBe('Story 3 of 3')
  })

  it('should leave out the carousel when no post is featured, and show no buttons for one', () => {
    const none = defaultFor('newsPosts').map((post) => ({ ...post, showInCarousel: false }))
    const { unmount } = renderPage(<NewsPageOf posts={none} />)
    expect(screen.queryByRole('region', { name: 'Featured stories' })).toBeNull()
    unmount()
    const one = defaultFor('newsPosts').map((post, index) => ({
      ...post,
      showInCarousel: index === 0,
    }))
    renderPage(<NewsPageOf posts={one} />)
    expect(slides()).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Next story' })).toBeNull()
  })

  it('should say so when there is no news', () => {
    renderPage(<NewsPageOf posts={[]} />)
    expect(screen.getByText(/No news yet/)).toBeTruthy()
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(<NewsPageOf posts={posts} />)
    expectHeadingsInOrder(container)
  })

  it('should render hostile text in card fields as text', () => {
    const hostile = defaultFor('newsPosts').map((post) => ({
      ...post,
      cardTitle: HOSTILE_HTML,
      cardExcerpt: HOSTILE_HTML,
      author: HOSTILE_HTML,
    }))
    const { container } = renderPage(<NewsPageOf posts={hostile} />)
    expectInert(container)
    expect(screen.getAllByText(HOSTILE_HTML).length).toBeGreaterThan(0)
  })
})

describe('newestFirst', () => {
  it('should keep the given order for posts of the same date', () => {
    const [a, b] = defaultFor('newsPosts')
    const same = [
      { ...(a as NewsPost), id: 'x', date: '2026-01-01' },
      { ...(b as NewsPost), id: 'y', date: '2026-01-01' },
      { ...(a as NewsPost), id: 'z', date: '2026-02-01' },
    ]
    expect(newestFirst(same).map((post) => post.id)).toEqual(['z', 'x', 'y'])
  })
})

describe('NewsPage, one page of many', () => {
  const many: NewsPost[] = Array.from({ length: 30 }, (_, i) => ({
    ...(posts[0] as NewsPost),
    id: `post-${i}`,
    slug: `post-${i}`,
    title: `Post ${i}`,
    cardTitle: '',
    showInCarousel: false,
    date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
  }))
  const href = (page: number, year: number | undefined) =>
    `/news-and-updates?page=${page}${year ? `&year=${year}` : ''}`

  it('should list one page of posts, newest first, with a link to the older ones', () => {
    const { container } = renderPage(<NewsPageOf posts={many} pageHref={href} />)
    const cards = () => container.querySelectorAll('.news-list > li')
    expect(cards()).toHaveLength(NEWS_PAGE_SIZE)
    expect(cards()[0]?.textContent).toContain('January 28, 2026')
    const pages = screen.getByRole('navigation', { name: 'News pages' })
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy()
    expect(within(pages).getByRole('link', { name: 'Older news →' }).getAttribute('href')).toBe(
      '/news-and-updates?page=2',
    )
    expect(within(pages).queryByRole('link', { name: '← Newer news' })).toBeNull()
  })

  it('should link a middle page both ways, and the last page to newer ones only', () => {
    const { unmount } = renderPage(
      <NewsPageOf
        posts={many}
        pageHref={href}
        list={{ state: 'ready', page: 2, year: 2026, cards: many.slice(12, 24), pageCount: 3 }}
      />,
    )
    const pages = screen.getByRole('navigation', { name: 'News pages' })
    expect(within(pages).getByRole('link', { name: '← Newer news' }).getAttribute('href')).toBe(
      '/news-and-updates?page=1&year=2026',
    )
    expect(within(pages).getByRole('link', { name: 'Older news →' }).getAttribute('href')).toBe(
      '/news-and-updates?page=3&year=2026',
    )
    expect(screen.getByRole('heading', { level: 2, name: 'News from 2026' })).toBeTruthy()
    // The featured stories belong to the first page of every year only.
    expect(screen.queryByRole('region', { name: 'Featured stories' })).toBeNull()
    unmount()
    renderPage(
      <NewsPageOf
        posts={many}
        pageHref={href}
        list={{ state: 'ready', page: 3, year: undefined, cards: many.slice(24), pageCount: 3 }}
      />,
    )
    const last = screen.getByRole('navigation', { name: 'News pages' })
    expect(within(last).queryByRole('link', { name: 'Older news →' })).toBeNull()
  })

  it('should offer every year that has posts, marking the one shown', () => {
    renderPage(
      <NewsPageOf
        posts={many}
        pageHref={href}
        years={[
          { year: 2026, posts: 30 },
          { year: 2019, posts: 4 },
        ]}
        list={{ state: 'ready', page: 1, year: 2019, cards: many.slice(0, 4), pageCount: 1 }}
      />,
    )
    const years = screen.getByRole('navigation', { name: 'News by year' })
    const links = within(years).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['All years', '/news-and-updates?page=1'],
      ['2026', '/news-and-updates?page=1&year=2026'],
      ['2019', '/news-and-updates?page=1&year=2019'],
    ])
    expect(within(years).getByRole('link', { name: '2019' }).getAttribute('aria-current')).toBe(
      'page',
    )
  })

  it('should say a page is loading, and offer Try again when it failed', () => {
    const { unmount } = renderPage(
      <NewsPageOf posts={many} list={{ state: 'loading', page: 2, year: undefined }} />,
    )
    expect(screen.getByRole('status').textContent).toBe('Loading news…')
    unmount()
    let retried = 0
    renderPage(
      <NewsPageOf
        posts={many}
        onRetry={() => (retried += 1)}
        list={{ state: 'failed', page: 2, year: undefined, message: 'offline' }}
      />,
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('These news posts could not be loaded.')
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(retried).toBe(1)
  })
})

describe('newsMeta', () => {
  it('should describe the page in 120 to 160 characters with the newest image', () => {
    const meta = newsMeta(posts)
    expect(meta.title).toBe(`News & Updates | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
    expect(meta.image).toBe('/images/news/registration.svg')
  })
})
