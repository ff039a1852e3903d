// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../../site/site-nav.ts'
import { defaultHomeContent } from '../../defaults/home-content.ts'
import { defaultLegacyStats } from '../../defaults/legacy-stats.ts'
import { defaultQuickLinks } from '../../defaults/quick-links.ts'
import type { HomeContent } from '../../entities/home-content.ts'
import { HomePage, homeJsonLd, homeMeta } from './home-page.tsx'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

function renderHome(content: HomeContent = defaultHomeContent, legacyStats = defaultLegacyStats) {
  return render(
    <MemoryRouter>
      <HomePage content={content} quickLinks={defaultQuickLinks} legacyStats={legacyStats} />
    </MemoryRouter>,
  )
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

  it('should link each team in the Home of the block', () => {
    renderHome()
    for (const team of defaultHomeContent.homeOf.teams) {
      expect(screen.getByRole('link', { name: team.name }).getAttribute('href')).toBe(team.link)
    }
  })

  it('should show the Support block with Donate and Sponsor buttons', () => {
    renderHome()
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
    const { container } = renderHome(content, [
      { id: 'x', value: HOSTILE, label: HOSTILE, logo: '' },
    ])
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
