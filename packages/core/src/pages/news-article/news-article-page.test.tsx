// @vitest-environment jsdom
import { ArticleOf } from '../../../test-utils/article-of.tsx'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import type { NewsBlock, NewsPost } from '../../entities/news-post.ts'
import { CLUB_NAME, CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { blockColorClass } from './block-colors.ts'
import { missingNewsArticleMeta, newsArticleJsonLd, newsArticleMeta } from './news-article-page.tsx'

const posts = DEFAULT_CONTENT.newsPosts

function postWith(content: NewsBlock[]): NewsPost[] {
  const post = defaultFor('newsPosts')[0] as NewsPost
  return [{ ...post, content }]
}

describe('NewsArticlePage', () => {
  it('should show the title, author, date and hero image', () => {
    const { container } = renderPage(<ArticleOf posts={posts} slug="spring-registration-is-open" />)
    expect(
      screen.getByRole('heading', { level: 1, name: 'Spring Registration Is Coming' }),
    ).toBeTruthy()
    expect(container.querySelector('.article__byline')?.textContent).toBe(
      'By Club Staff · November 2, 2026',
    )
    const hero = container.querySelector('.article__hero-image img')
    expect(hero?.getAttribute('src')).toBe('/images/news/registration.svg')
    expect(hero?.getAttribute('loading')).toBe('eager')
    expect(hero?.getAttribute('width')).toBe('1200')
  })

  it('should render headings, paragraphs and list items from the blocks', () => {
    renderPage(<ArticleOf posts={posts} slug="how-we-call-weather-cancellations" />)
    expect(
      screen.getByRole('heading', { level: 2, name: 'County fields and league decisions' }),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { level: 3, name: 'Lightning' })).toBeTruthy()
    expect(screen.getByText(/resumes 15 minutes after the last/)).toBeTruthy()
  })

  it('should render list items as sanitized HTML, keeping safe markup', () => {
    renderPage(<ArticleOf posts={posts} slug="spring-registration-is-open" />)
    expect(screen.getByText('no child is turned away').tagName).toBe('EM')
    const items = screen.getAllByRole('listitem')
    expect(items.some((item) => item.textContent === 'Tee Ball (ages 4–6): $150')).toBe(true)
  })

  it('should render a button block as a styled router link', () => {
    renderPage(<ArticleOf posts={posts} slug="travel-and-showcase-tryouts-announced" />)
    const button = screen.getByRole('link', { name: 'Big Train tryouts' })
    expect(button.getAttribute('href')).toBe('/programs/big-train')
    expect(button.className).toBe('btn btn--secondary')
  })

  it('should render an external button link as a plain link with rel', () => {
    const article = postWith([
      {
        id: 'b',
        type: 'button',
        colorClass: '',
        text: 'Tickets',
        link: 'https://example.org/t',
        variant: 'outline',
      },
    ])
    renderPage(<ArticleOf posts={article} slug={article[0]?.slug ?? ''} />)
    const link = screen.getByRole('link', { name: 'Tickets' })
    expect(link.getAttribute('href')).toBe('https://example.org/t')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.className).toBe('btn btn--outline')
  })

  it('should render an image block as a figure with alt text and caption', () => {
    const { container } = renderPage(
      <ArticleOf posts={posts} slug="travel-and-showcase-tryouts-announced" />,
    )
    const figure = container.querySelector('figure') as HTMLElement
    const image = figure.querySelector('img')
    expect(image?.getAttribute('alt')).toBe(
      'Players waiting their turn at a tryout, gloves in hand',
    )
    expect(image?.getAttribute('loading')).toBe('lazy')
    expect(figure.querySelector('figcaption')?.textContent).toBe(
      'Tryouts cover throwing, fielding, hitting and base running.',
    )
  })

  it('should leave out the caption when it is empty', () => {
    const { container } = renderPage(
      <ArticleOf posts={posts} slug="a-community-league-since-1952" />,
    )
    expect(container.querySelector('figure img')).not.toBeNull()
    expect(container.querySelector('figcaption')).toBeNull()
  })

  it('should mark up a heading3 with no heading2 above it as h2, so no level is skipped', () => {
    const { container } = renderPage(
      <ArticleOf posts={posts} slug="travel-and-showcase-tryouts-announced" />,
    )
    const heading = screen.getByRole('heading', { name: 'Where to find the dates' })
    expect(heading.tagName).toBe('H2')
    expectHeadingsInOrder(container)
  })

  it('should apply allowed colour classes as our own classes and drop others', () => {
    const article = postWith([
      { id: 'a', type: 'paragraph', colorClass: 'text-red', text: 'Red words' },
      { id: 'b', type: 'paragraph', colorClass: 'text-slate-900 font-bold', text: 'Ink words' },
      { id: 'c', type: 'paragraph', colorClass: 'bg-black text-[#fff]', text: 'Unknown words' },
    ])
    renderPage(<ArticleOf posts={article} slug={article[0]?.slug ?? ''} />)
    expect(screen.getByText('Red words').className).toBe('block-color--red')
    expect(screen.getByText('Ink words').className).toBe('block-color--ink')
    expect(screen.getByText('Unknown words').hasAttribute('class')).toBe(false)
  })

  it('should list other news, newest first', () => {
    const { container } = renderPage(<ArticleOf posts={posts} slug="spring-registration-is-open" />)
    const more = [...container.querySelectorAll('.article__more a')].map((a) => a.textContent)
    expect(more).toEqual([
      'Travel and Showcase Tryouts Announced',
      'How We Call Weather Cancellations',
      'A Community League Since 1952',
    ])
  })

  it('should render hostile HTML in list items inert and hostile text as text', () => {
    const article = postWith([
      {
        id: 'l',
        type: 'list',
        colorClass: '',
        items: [HOSTILE_HTML, `<a href="javascript:alert(1)">x</a>`],
      },
      { id: 'p', type: 'paragraph', colorClass: '', text: HOSTILE_HTML },
      { id: 'h', type: 'heading2', colorClass: '', text: HOSTILE_HTML },
    ])
    const { container } = renderPage(<ArticleOf posts={article} slug={article[0]?.slug ?? ''} />)
    expectInert(container)
    expect(container.querySelector('.article__body img')).toBeNull()
    expect(container.querySelector('a[href^="javascript"]')).toBeNull()
    expect(screen.getAllByText(HOSTILE_HTML)).toHaveLength(2)
  })
})

describe('blockColorClass', () => {
  it('should never pass a stored class through', () => {
    expect(blockColorClass('text-navy')).toBe('block-color--navy')
    expect(blockColorClass('x" onmouseover="alert(1)')).toBe('')
    expect(blockColorClass('constructor')).toBe('')
    expect(blockColorClass('')).toBe('')
  })
})

describe('newsArticleMeta', () => {
  it('should use the title and excerpt of the article', () => {
    const post = posts.find((p) => p.slug === 'travel-and-showcase-tryouts-announced')!
    const meta = newsArticleMeta(post)
    expect(meta.title).toBe(`Travel and Showcase Tryouts Announced | ${CLUB_SHORT_NAME}`)
    expect(meta.description.startsWith('Select, Flash, Big Train and DMV Prospects')).toBe(true)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
    expect(meta.image).toBe('/images/news/tryouts.svg')
  })

  it('should describe a missing article as not found', () => {
    expect(missingNewsArticleMeta().title).toBe(`Page not found | ${CLUB_SHORT_NAME}`)
  })
})

describe('newsArticleJsonLd', () => {
  it('should describe the post as a schema.org NewsArticle with absolute URLs', () => {
    const post = posts[0] as NewsPost
    const ld = newsArticleJsonLd(post, 'https://club.example.org/')
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Spring Registration Is Coming',
      datePublished: '2026-11-02',
      author: { '@type': 'Person', name: 'Club Staff' },
      image: ['https://club.example.org/images/news/registration.svg'],
      mainEntityOfPage: {
        '@id': 'https://club.example.org/news-and-updates/spring-registration-is-open',
      },
      publisher: {
        '@type': 'Organization',
        name: CLUB_NAME,
        logo: { '@type': 'ImageObject', url: 'https://club.example.org/images/logo.svg' },
      },
    })
  })

  it('should credit the club when the post has no author', () => {
    const post = { ...(posts[0] as NewsPost), author: '' }
    expect(newsArticleJsonLd(post, 'https://club.example.org').author).toEqual({
      '@type': 'Organization',
      name: CLUB_NAME,
    })
  })
})
