// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { defaultClinics } from '../../defaults/clinics.ts'
import { defaultHomeContent } from '../../defaults/home-content.ts'
import { defaultLegacyStats } from '../../defaults/legacy-stats.ts'
import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import { defaultQuickLinks } from '../../defaults/quick-links.ts'
import type { Clinic } from '../../entities/clinic.ts'
import type { HomeContent } from '../../entities/home-content.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { HomePage, homeJsonLd, homeMeta } from './home-page.tsx'
import { latestNews } from './home-updates.tsx'

const NOW = new Date('2026-11-23T15:00:00Z')

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

function renderHome(
  content: HomeContent = defaultHomeContent,
  legacyStats = defaultLegacyStats,
  {
    newsPosts = defaultNewsPosts,
    clinics = defaultClinics,
    now = NOW,
  }: { newsPosts?: readonly NewsPost[]; clinics?: readonly Clinic[]; now?: Date } = {},
) {
  return render(
    <MemoryRouter>
      <HomePage
        content={content}
        quickLinks={defaultQuickLinks}
        legacyStats={legacyStats}
        newsPosts={newsPosts}
        clinics={clinics}
        now={now}
      />
    </MemoryRouter>,
  )
}

function sectionList(heading: string): HTMLElement {
  return screen.getByRole('heading', { level: 2, name: heading }).nextElementSibling as HTMLElement
}

afterEach(cleanup)

describe('HomePage', () => {
  it('should render the hero title as the only h1, with its subtitle and button', () => {
    renderHome()
    const h1s = screen.getAllByRole('heading', { level: 1 })
    expect(h1s).toHaveLength(1)
    expect(h1s[0]?.textContent).toBe(defaultHomeContent.hero.title)
    expect(screen.getByText(defaultHomeContent.hero.subtitle)).toBeTruthy()
    const button = screen.getByRole('link', { name: defaultHomeContent.hero.buttonText })
    expect(button.getAttribute('href')).toBe(defaultHomeContent.hero.buttonLink)
  })

  it('should load the hero image eagerly with its size, and every other image lazily', () => {
    const { container } = renderHome()
    const hero = screen.getByAltText(defaultHomeContent.hero.imageAlt)
    expect(hero.getAttribute('loading')).toBe('eager')
    expect(hero.getAttribute('fetchpriority')).toBe('high')
    expect(hero.getAttribute('width')).toBe('1200')
    expect(hero.getAttribute('height')).toBe('675')
    const others = [...container.querySelectorAll('img')].filter((img) => img !== hero)
    expect(others.length).toBeGreaterThan(0)
    for (const img of others) {
      expect(img.getAttribute('loading')).toBe('lazy')
      expect(img.getAttribute('width')).toBeTruthy()
      expect(img.getAttribute('height')).toBeTruthy()
    }
  })

  it('should list every quick link with its target', () => {
    renderHome()
    const list = screen.getByRole('heading', { name: 'Quick links' }).nextElementSibling
    expect(list).toBeTruthy()
    const links = within(list as HTMLElement).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      defaultQuickLinks.map((link) => link.link),
    )
    for (const quick of defaultQuickLinks) {
      expect(within(list as HTMLElement).getByText(quick.label)).toBeTruthy()
    }
  })

  it('should show the Legacy and Impact figures from the legacyStats document', () => {
    renderHome()
    const heading = screen.getByRole('heading', { level: 2, name: 'Our Legacy & Impact' })
    const section = within(heading.closest('section') as HTMLElement)
    const items = section.getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(
      defaultLegacyStats.map((stat) => `${stat.value} ${stat.label}`),
    )
    expect(section.getByText('150+')).toBeTruthy()
    expect(section.getByText('$3M')).toBeTruthy()
  })

  it('should fall back to the home document figures when legacyStats is empty', () => {
    const content = {
      ...defaultHomeContent,
      legacyImpact: {
        ...defaultHomeContent.legacyImpact,
        stats: [{ number: '77', label: 'Fallback figure' }],
      },
    }
    renderHome(content, [])
    expect(screen.getByText('77')).toBeTruthy()
    expect(screen.getByText('Fallback figure')).toBeTruthy()
  })

  it('should show the carousel stories as the latest news, newest first, linked', () => {
    renderHome()
    const list = within(sectionList('Latest News'))
    const expected = defaultNewsPosts
      .filter((post) => post.showInCarousel)
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, 3)
    const links = list.getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(
      expected.map((post) => post.cardTitle || post.title),
    )
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      expected.map((post) => `/news-and-updates/${post.slug}`),
    )
    expect(list.getByText('November 2, 2026')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'All news and updates' }).getAttribute('href')).toBe(
      '/news-and-updates',
    )
  })

  it('should leave stories out of the carousel out of the latest news', () => {
    const posts = defaultNewsPosts.map((post) => ({ ...post, showInCarousel: false }))
    expect(latestNews(posts)).toEqual([])
    renderHome(defaultHomeContent, defaultLegacyStats, { newsPosts: posts })
    expect(screen.getByText('News from the club will appear here.')).toBeTruthy()
  })

  it('should show the next camps and events from the render time, soonest first', () => {
    renderHome()
    const list = within(sectionList('Upcoming Events'))
    expect(list.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Winter Hitting Clinic',
      'Pitching & Catching Clinic',
      'Opening Day',
    ])
    expect(list.getByText('January 16–30, 2027')).toBeTruthy()
    cleanup()
    renderHome(defaultHomeContent, defaultLegacyStats, { now: new Date('2027-03-01T12:00:00Z') })
    expect(
      within(sectionList('Upcoming Events'))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/camps-events/opening-day', '/camps-events/summer-baseball-camp'])
  })

  it('should say so when no event is coming up', () => {
    renderHome(defaultHomeContent, defaultLegacyStats, { now: new Date('2028-01-01T12:00:00Z') })
    expect(screen.getByText('No camps or events are scheduled right now.')).toBeTruthy()
  })

  it('should complete the Home of the block’s title', () => {
    renderHome()
    expect(defaultHomeContent.homeOf.title).not.toMatch(/\bthe$/i)
    expect(
      screen.getByRole('heading', { level: 2, name: defaultHomeContent.homeOf.title }),
    ).toBeTruthy()
  })

  it('should link each team in the Home of the block', () => {
    renderHome()
    for (const team of defaultHomeContent.homeOf.teams) {
      expect(screen.getByRole('link', { name: team.name }).getAttribute('href')).toBe(team.link)
    }
  })

  it('should show no Donate button while no giving link is set', () => {
    renderHome()
    expect(screen.getByRole('link', { name: 'Become a Sponsor' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Donate' })).toBeNull()
  })

  it('should show the Support block with Donate and Sponsor buttons', () => {
    const support = { ...defaultHomeContent.support, donationLink: 'https://give.club.test/' }
    renderHome({ ...defaultHomeContent, support })
    expect(screen.getByRole('heading', { name: defaultHomeContent.support.title })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Donate' }).getAttribute('href')).toBe('/donate')
    expect(screen.getByRole('link', { name: 'Become a Sponsor' }).getAttribute('href')).toBe(
      '/sponsors',
    )
  })

  it('should keep external links from reaching back to the page', () => {
    const content = {
      ...defaultHomeContent,
      hero: { ...defaultHomeContent.hero, buttonLink: 'https://example.org/register' },
    }
    renderHome(content)
    const link = screen.getByRole('link', { name: defaultHomeContent.hero.buttonText })
    expect(link.getAttribute('href')).toBe('https://example.org/register')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('should not render a javascript: link even if one reaches the page', () => {
    const content = {
      ...defaultHomeContent,
      hero: { ...defaultHomeContent.hero, buttonLink: 'javascript:alert(1)' },
    }
    const { container } = renderHome(content)
    expect(container.querySelector('a[href^="javascript"]')).toBeNull()
    expect(screen.getByText(defaultHomeContent.hero.buttonText)).toBeTruthy()
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const content: HomeContent = {
      ...defaultHomeContent,
      hero: { ...defaultHomeContent.hero, title: HOSTILE, subtitle: HOSTILE },
      legacyImpact: { ...defaultHomeContent.legacyImpact, description: HOSTILE },
      support: { ...defaultHomeContent.support, description: HOSTILE },
    }
    const { container } = renderHome(
      content,
      [{ id: 'x', value: HOSTILE, label: HOSTILE, logo: '' }],
      {
        newsPosts: defaultNewsPosts.map((post) => ({
          ...post,
          cardTitle: HOSTILE,
          cardExcerpt: HOSTILE,
        })),
        clinics: defaultClinics.map((clinic) => ({ ...clinic, title: HOSTILE })),
      },
    )
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(HOSTILE)
  })
})

describe('homeMeta', () => {
  it('should give a title and a 120–160 character description with the hero image', () => {
    const meta = homeMeta(defaultHomeContent)
    expect(meta.title).toBe(`${CLUB_SHORT_NAME} | Montgomery County & Washington, D.C.`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
    expect(meta.image).toBe(defaultHomeContent.hero.imageUrl)
  })
})

describe('homeJsonLd', () => {
  it('should describe the club as a SportsOrganization with absolute addresses', () => {
    const data = homeJsonLd({ content: defaultHomeContent, siteUrl: 'https://example.org/' })
    expect(data['@type']).toBe('SportsOrganization')
    expect(data.sport).toEqual(['Baseball', 'Softball'])
    expect(data.foundingDate).toBe('1952')
    expect(data.url).toBe('https://example.org/')
    expect(data.logo).toBe('https://example.org/images/logo.svg')
    expect(data.areaServed.map((area) => area.name)).toEqual([
      'Montgomery County, Maryland',
      'Washington, D.C.',
    ])
  })

  it('should list the set social links as sameAs and leave out empty ones', () => {
    const content: HomeContent = {
      ...defaultHomeContent,
      footer: {
        socialLinks: {
          twitter: '',
          facebook: 'https://www.facebook.com/club',
          instagram: 'https://www.instagram.com/club',
        },
      },
    }
    const data = homeJsonLd({ content, siteUrl: 'https://example.org' })
    expect(data.sameAs).toEqual(['https://www.facebook.com/club', 'https://www.instagram.com/club'])
  })
})
