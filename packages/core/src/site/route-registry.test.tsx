import { createRequire } from 'node:module'

import { beforeAll, describe, expect, it } from 'vitest'

import { prerenderSitePage } from '../../test-utils/prerender-site.tsx'

import { siteCalendars } from '../calendar/site-calendars.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { setSanitizerWindow } from '../html/sanitize.ts'
import {
  newsPostRedirects,
  PUBLIC_ROUTES,
  publicPaths,
  routeAt,
  SITE_REDIRECT_LIST,
  sitemapPaths,
} from './route-registry.ts'
import { paths } from '../routing/public-paths.ts'
import type { RouteDocuments } from './route-registry.ts'

type SanitizerWindow = Parameters<typeof setSanitizerWindow>[0]
// Pages sanitize stored HTML; in Node, as when prerendering, that takes a jsdom window.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: SanitizerWindow & { document: Document } }
}
beforeAll(() => setSanitizerWindow(new JSDOM('').window))

const NOT_FOUND = 'That page is out of the park'

/** The built-in documents with one more post, event and team, as staff would store them. */
function storedDocuments(): ContentDocuments {
  const base = structuredClone(DEFAULT_CONTENT) as ContentDocuments
  const [post, ...otherPosts] = base.newsPosts
  const [clinic] = base.clinics
  const team = base.teams['select-13u']!
  return {
    ...base,
    // The first sample post deleted, one post added.
    newsPosts: [
      { ...post!, id: 'post-new', slug: 'new-season-new-fields', title: 'New Season, New Fields' },
      ...otherPosts,
    ],
    clinics: [
      ...base.clinics,
      { ...clinic!, id: 'clinic-new', slug: 'fall-fielding-camp', title: 'Fall Fielding Camp' },
    ],
    teams: {
      ...base.teams,
      'select-11u': { ...team, id: 'select-11u', name: 'Select 11U', heroContent: undefined },
    },
  }
}

/** The page at `path` rendered as the build renders it, with its head. */
function renderAt(path: string, documents: ContentDocuments = DEFAULT_CONTENT) {
  return prerenderSitePage(path, documents)
}

/** The text of the page's h1, or '' without one. */
function h1Of(html: string): string {
  const { document } = new JSDOM(html).window
  return document.querySelector('h1')?.textContent?.trim() ?? ''
}

/** Every site-internal address the page links to, without its query and hash. */
function internalLinks(html: string): string[] {
  const { document } = new JSDOM(html).window
  return [...document.querySelectorAll('a[href]')]
    .map((anchor) => anchor.getAttribute('href') ?? '')
    .filter((href) => href.startsWith('/') && !href.startsWith('//'))
    .map((href) => href.split(/[?#]/)[0] ?? '')
}

const asDocuments = (documents: ContentDocuments): RouteDocuments => documents

describe('the route registry', () => {
  it.each(PUBLIC_ROUTES.map((route) => route.id))(
    'should render route %s at each path it lists, with its own head',
    async (id) => {
      const route = PUBLIC_ROUTES.find((candidate) => candidate.id === id)!
      const documents = storedDocuments()
      const listed = route.list ? route.list(documents) : [route.pattern]
      expect(listed.length).toBeGreaterThan(0)
      for (const path of listed) {
        const { html, head } = await renderAt(path, documents)
        expect(h1Of(html), path).not.toBe('')
        expect(h1Of(html), path).not.toBe(NOT_FOUND)
        // "My alerts" is reached only by a private link: never indexed (issue 33).
        expect(Boolean(head?.noindex), path).toBe(route.noindex === true)
        expect(head?.title, path).not.toMatch(/not found/i)
      }
    },
  )

  it('should list the stored posts, events and teams, not the samples', () => {
    const documents = storedDocuments()
    const listed = publicPaths(documents)
    expect(listed).toContain('/news-and-updates/new-season-new-fields')
    expect(listed).toContain('/camps-events/fall-fielding-camp')
    expect(listed).toContain('/team/select-11u')
    expect(listed).not.toContain(paths.newsPost(DEFAULT_CONTENT.newsPosts[0]!.slug))
    expect(new Set(listed).size).toBe(listed.length)
  })

  it('should answer not-found for a deleted post', async () => {
    const deleted = paths.newsPost(DEFAULT_CONTENT.newsPosts[0]!.slug)
    const { html, head } = await renderAt(deleted, storedDocuments())
    expect(h1Of(html)).toBe(NOT_FOUND)
    expect(head?.noindex).toBe(true)
  })

  it('should answer not-found for a sample team the stored teams no longer have, at each of its addresses', async () => {
    const { 'select-13u': removed, ...others } = structuredClone(DEFAULT_CONTENT.teams)
    expect(removed).toBeDefined()
    const documents = { ...storedDocuments(), teams: others }
    for (const path of [paths.team('select-13u'), paths.teamByKey('select-13u')]) {
      const { html } = await renderAt(path, documents)
      expect(h1Of(html), path).toBe(NOT_FOUND)
    }
    // A team still stored shows, at the same kind of address.
    expect(h1Of((await renderAt(paths.team('select-14u'), documents)).html)).not.toBe(NOT_FOUND)
  })

  it('should answer not-found for a sample event the stored events do not have', async () => {
    const [sample, ...kept] = storedDocuments().clinics
    const documents = { ...storedDocuments(), clinics: kept }
    expect(DEFAULT_CONTENT.clinics.map((clinic) => clinic.slug)).toContain(sample!.slug)
    expect(kept.map((clinic) => clinic.slug)).not.toContain(sample!.slug)
    const { html, head } = await renderAt(paths.event(sample!.slug), documents)
    expect(h1Of(html)).toBe(NOT_FOUND)
    expect(head?.noindex).toBe(true)
    // A stored event shows, at the same kind of address.
    const stored = documents.clinics[0]!
    expect(h1Of((await renderAt(paths.event(stored.slug), documents)).html)).toBe(stored.title)
  })

  it('should put each team in the sitemap once, at its canonical address', () => {
    const sitemap = sitemapPaths(storedDocuments())
    expect(sitemap).toContain('/programs/big-train/12u')
    expect(sitemap).not.toContain('/team/big-train-12u')
    expect(sitemap).toContain('/team/select-11u')
    expect(sitemap).toContain('/dmv/2027')
    expect(sitemap).not.toContain('/team/dmv-prospects-2027')
  })

  it('should prerender /my-alerts with nothing private, and keep it out of the sitemap', async () => {
    expect(sitemapPaths(storedDocuments())).not.toContain('/my-alerts')
    const { html } = await renderAt('/my-alerts', storedDocuments())
    expect(h1Of(html)).toBe('My alerts')
    expect(html).not.toContain('@')
  })

  it('should give a team page the canonical address whichever address shows it', async () => {
    const { head } = await renderAt('/team/big-train-12u')
    expect(head?.path).toBe('/programs/big-train/12u')
    expect(head?.jsonLd?.[0]).toMatchObject({ '@type': 'SportsTeam', name: 'Big Train 12U' })
  })

  it('should redirect the old slugs of a post, unless another post took them', () => {
    const [first, second] = DEFAULT_CONTENT.newsPosts
    const newsPosts = [
      { ...first!, slug: 'renamed', previousSlugs: ['old-one', second!.slug] },
      second!,
    ]
    expect(newsPostRedirects({ newsPosts })).toEqual([
      { from: '/news-and-updates/old-one', to: '/news-and-updates/renamed' },
    ])
  })

  it('should match a path to its route and decode its parameters', () => {
    expect(routeAt('/news-and-updates/a%20b')?.params).toEqual({ slug: 'a b' })
    expect(routeAt('/programs/big-train/12u')?.route.id).toBe('programTeam')
    expect(routeAt('/no/such/page/here')).toBeUndefined()
  })
})

describe('every link on every prerendered page', () => {
  const documents = storedDocuments()
  // The files the build publishes beside the pages: every calendar (team, program, event),
  // the calendar of all events and the news feed.
  const files = new Set([
    ...siteCalendars(documents, new Date(), 'https://club.example').map((file) => file.path),
    paths.eventsCalendar(),
    paths.newsFeed(),
  ])
  const redirects = new Set(SITE_REDIRECT_LIST.map((redirect) => redirect.from))
  const pages = new Set(publicPaths(asDocuments(documents)))

  it.each(publicPaths(asDocuments(documents)))(
    'should lead from %s to a registry page, redirect or published file',
    async (path) => {
      const { html } = await renderAt(path, documents)
      const links = internalLinks(html)
      expect(links.length).toBeGreaterThan(0)
      const broken = links.filter(
        (href) =>
          !pages.has(href) &&
          !redirects.has(href) &&
          !files.has(href) &&
          // The staff sign-in, which the footer links to.
          href !== '/admin-login' &&
          // Images and other files shipped with the site.
          !/^\/(?:images|assets)\//.test(href),
      )
      expect(broken).toEqual([])
    },
  )
})
