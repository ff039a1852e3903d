/**
 * Prerendering entry (Node, at build time, and in the production server when a save
 * arrives): renders one public route to HTML, plus its head, from the content stored (the
 * built-in content for any key not stored, or when no backend is reachable). The client
 * then hydrates the same tree.
 */
import { PassThrough } from 'node:stream'

import { JSDOM } from 'jsdom'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'

import { eventsCalendar, siteCalendars } from '@club/core/calendar'
import { entitiesCatalog } from '@club/core/catalog'
import { createContentStore, heldRowOf, recordingStore } from '@club/core/content'
import type { SiteContentStore, StoredDocument } from '@club/core/content'
import type {
  ContentDocuments,
  DocumentKey,
  NewsPost,
  NewsPostKey,
  StoredNewsPost,
} from '@club/core/entities'
import {
  CONTENT_KEYS,
  coachCards,
  CONTENT_VIEW_KEYS,
  isEventPageKey,
  isNewsPostKey,
  isTeamCoachesKey,
  isTeamViewKey,
  newsPostKey,
  PROGRAM_SLUGS,
  programPageKey,
  PUBLIC_CONTENT_KEYS,
  teamCoachesKey,
  TEAM_VIEW_KEYS,
  viewSourceOf,
} from '@club/core/entities'
import { setSanitizerWindow } from '@club/core/html'
import {
  createNewsReader,
  createPublicContentRepository,
  createPublicReadClient,
  readAllEventPages,
  readAllTeamCoaches,
  readAllTeamPages,
} from '@club/core/public-read'
import {
  CLUB_NAME,
  createHeadCollector,
  DEFAULT_SHARE_SOURCE,
  HEADER_KEYS,
  HeadCollectorContext,
  keysLoadedAt,
  newsFeed,
  newsPostRedirects,
  paths,
  renderHeadHtml,
  SHARE_IMAGE,
  shareImagePath,
  shareTitleOf,
  SITE_REDIRECTS,
  sitemapPaths,
  SiteUrlContext,
} from '@club/core/site'
import type { RouteDocuments } from '@club/core/site'
import { matchPattern, ROUTE_PATTERNS } from '@club/core/routes'

import { AppShell } from './app-shell.tsx'
import { AppRoutes } from './app-routes.tsx'

export { pageRoutes } from './server/page-routes.ts'
export { createPublicRealtimeClient, subscribeToContent } from '@club/core/live'

// Stored HTML is sanitized with DOMPurify; in Node it needs a DOM to do it with.
setSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setSanitizerWindow>[0])

type Baseline = Partial<Record<DocumentKey, unknown>>

/** The stored documents the pages are built from, parsed as the browser would. */
let baseline: Baseline = {}
/** The stored version of each of them. */
let versions: Partial<Record<DocumentKey, number>> = {}
/** Those of them read in the form their pages show (`teams`: see core's content/public-forms.ts). */
let publicForms = new Set<DocumentKey>()
/**
 * The coaches' rows the database keeps none of (`teams` or `staff` not stored), made here for
 * each team the pages show: its coaches' cards from the staff shown (see withCoaches).
 */
let madeCoaches = new Set<DocumentKey>()
/**
 * Every news post stored and public (`news/<id>`), parsed, newest first: each article is built
 * from its own; the sitemap, the redirects of old addresses and the feed list them.
 */
let storedPosts: { key: NewsPostKey; post: StoredNewsPost; version: number }[] = []

/** A store that is never started, so it never reads or writes: it shows the baseline. */
const storeOf = (documents: Baseline) =>
  createContentStore({
    repository: {
      read: async () => [],
      save: async () => {
        throw new Error('prerendering never saves')
      },
    },
    catalog: entitiesCatalog,
    storage: null,
    events: null,
    baseline: documents as Partial<ContentDocuments>,
  })

let prerenderStore: SiteContentStore = storeOf(baseline)

/**
 * The rows the database derives from the fields, the programs and the events that are read by
 * name (the programs are a fixed list: a program page's row is `program/<slug>`; the events'
 * pages are read by their prefix, as the teams' are).
 */
const CONTENT_VIEW_ROWS: readonly DocumentKey[] = [
  ...CONTENT_VIEW_KEYS,
  ...PROGRAM_SLUGS.map(programPageKey),
]

/**
 * What is stored now of `keys`, read as a visitor reads them (the anon key, row-level
 * security): a key not stored, or not readable (a draft), is absent. By default every key public
 * pages show, every news post, every view of the teams (each team page's `team/<id>`), every
 * team's coaches (`coaches/<id>`) and every row derived from the fields, the programs and the
 * events (each event page's `event/<slug>`); with `newsPosts` among `keys`, every news post too
 * (the newest cards changed: a post was added, changed or removed), with `teams` every view of
 * the teams (a team may have come or gone), with `teams` or `staff` every team's coaches (made
 * from both), with `clinics` every event page's row (an event may have come or gone), and with
 * any document the rows derived from it that are read by name (a new event's page then renders
 * with the slugs that list it, in the same pass).
 */
export async function readStoredContent(
  backend: { url: string; anonKey: string },
  keys?: readonly DocumentKey[],
) {
  // A hosted project that was asleep may take a while to answer a build.
  const client = createPublicReadClient(backend, { deadlineMs: 20_000 })
  const wanted: readonly DocumentKey[] = keys ?? PUBLIC_CONTENT_KEYS
  const allPosts = keys === undefined || keys.includes('newsPosts')
  const allTeams = keys === undefined || keys.includes('teams')
  const allEvents = keys === undefined || keys.includes('clinics')
  const allCoaches = allTeams || keys.includes('staff')
  const named = [
    ...wanted.filter(
      (key) =>
        !(allPosts && isNewsPostKey(key)) &&
        !(allTeams && isTeamViewKey(key)) &&
        !(allCoaches && isTeamCoachesKey(key)) &&
        !(allEvents && isEventPageKey(key)),
    ),
    ...(allTeams ? TEAM_VIEW_KEYS : []),
    ...CONTENT_VIEW_ROWS.filter((row) => keys === undefined || keys.includes(viewSourceOf(row)!)),
  ]
  const [documents, posts, teamPages, coaches, eventPages] = await Promise.all([
    named.length > 0 ? createPublicContentRepository(client).read([...new Set(named)]) : [],
    allPosts ? createNewsReader(client).all() : [],
    allTeams ? readAllTeamPages(client) : [],
    allCoaches ? readAllTeamCoaches(client) : [],
    allEvents ? readAllEventPages(client) : [],
  ])
  return [...documents, ...posts, ...teamPages, ...coaches, ...eventPages]
}

/**
 * Builds the pages from these stored rows (what the backend holds now). Each is parsed
 * tolerantly, exactly as the browser parses what it reads: a refused part falls back to
 * its default, and the count is logged once per document.
 */
export function setStoredContent(rows: readonly StoredDocument[], warn = console.warn) {
  const next: Baseline = {}
  const nextVersions: Partial<Record<DocumentKey, number>> = {}
  const nextPublic = new Set<DocumentKey>()
  const posts: typeof storedPosts = []
  let refusedPosts = 0
  for (const row of rows) {
    const key = row.key as DocumentKey
    if (isNewsPostKey(key)) {
      // A post parsed before at this version is taken as it was (a save changes one post).
      const known = storedPosts.find((entry) => entry.key === key && entry.version === row.version)
      if (known) {
        posts.push(known)
        continue
      }
      const result = entitiesCatalog.parse(key, row.value)
      refusedPosts += result.rejected ?? result.rejections.length
      posts.push({ key, post: result.value, version: row.version })
      continue
    }
    if (
      !entitiesCatalog.vitalKeys.includes(key) &&
      !entitiesCatalog.backgroundKeys.includes(key) &&
      viewSourceOf(key) === undefined
    )
      continue
    const result = entitiesCatalog.parse(key, row.value)
    const refused = result.rejected ?? result.rejections.length
    if (refused > 0) warn(`[prerender] ${refused} part(s) of "${key}" refused; defaults used there`)
    next[key] = result.value
    if (Number.isInteger(row.version)) nextVersions[key] = row.version
    if (row.form === 'public') nextPublic.add(key)
  }
  if (refusedPosts > 0)
    warn(`[prerender] ${refusedPosts} part(s) of news posts refused; defaults used there`)
  baseline = next
  versions = nextVersions
  publicForms = nextPublic
  storedPosts = posts.sort((a, b) =>
    a.post.date < b.post.date ? 1 : a.post.date > b.post.date ? -1 : a.key < b.key ? 1 : -1,
  )
  prerenderStore = storeOf(next)
  madeCoaches = withCoaches(next)
  if (madeCoaches.size > 0) prerenderStore = storeOf(next)
}

/**
 * Adds to `documents` the coaches' row of each team the pages show that the database keeps none
 * of (it does while `teams` and `staff` are both stored): its coaches' cards from the staff the
 * pages show, stored or built in, as the page would resolve them from `staff` whole. A team page
 * then carries its coaches alone, marked as built in (nothing is stored under that key), so the
 * browser keeps them when its read finds no row. Returns the keys it added.
 */
function withCoaches(documents: Baseline): Set<DocumentKey> {
  const made = new Set<DocumentKey>()
  const staff = prerenderStore.getBaseline('staff')
  for (const [id, team] of Object.entries(prerenderStore.getBaseline('teams'))) {
    const key = teamCoachesKey(id)
    if (key in documents) continue
    documents[key] = coachCards(team, staff)
    made.add(key)
  }
  return made
}

/**
 * Every document as the pages are built from it now: the stored one, else the built-in one;
 * `newsPosts` here is every post the site shows (the pages list an article for each).
 */
export function documents(): ContentDocuments {
  return {
    ...Object.fromEntries(CONTENT_KEYS.map((key) => [key, prerenderStore.getBaseline(key)])),
    newsPosts: sitePosts(),
  } as unknown as ContentDocuments
}

/**
 * Every news post the site shows, newest first: the stored ones, or (none stored) the
 * built-in sample posts, whole.
 */
function sitePosts(): NewsPost[] {
  return storedPosts.length > 0
    ? storedPosts.map((entry) => entry.post)
    : prerenderStore.getBaseline('newsPosts')
}

/**
 * The post an article address shows, as its page is built with it: the stored one with its
 * version, or a built-in sample post; undefined for any other address.
 */
function articleDocument(
  url: string,
): { key: NewsPostKey; post: StoredNewsPost; version?: number } | undefined {
  const slug = matchPattern(
    ROUTE_PATTERNS.newsPost,
    new URL(url, 'http://prerender.invalid').pathname,
  )?.slug
  if (slug === undefined) return undefined
  const stored = storedPosts.find((entry) => entry.post.slug === slug)
  if (stored) return stored
  if (storedPosts.length > 0) return undefined
  const sample = prerenderStore.getBaseline('newsPosts').find((post) => post.slug === slug)
  return sample && { key: newsPostKey(sample.id), post: { ...sample, published: true } }
}

/**
 * The documents a page was built from (stored, else built-in), as JSON for a
 * `<script type="application/json">` element: `<` is escaped, so stored text can never
 * close the element.
 */
function baselineJson(used: ReadonlySet<DocumentKey>, store: SiteContentStore): string | undefined {
  const documents: Baseline = {}
  for (const key of used) documents[key] = store.getBaseline(key)
  if (Object.keys(documents).length === 0) return undefined
  return JSON.stringify(documents).replace(/</g, '\\u003c')
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  const sink = new PassThrough()
  stream.pipe(sink)
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/** The documents the public paths are listed from: what the pages are built from. */
function routeDocuments(): RouteDocuments {
  return {
    teams: prerenderStore.getBaseline('teams'),
    newsPosts: sitePosts(),
    clinics: prerenderStore.getBaseline('clinics'),
    programsContent: prerenderStore.getBaseline('programsContent'),
  }
}

/** The canonical addresses among them, for the sitemap. */
export function sitemap(): string[] {
  return sitemapPaths(routeDocuments())
}

/**
 * Old addresses that lead elsewhere: the site's fixed redirects (rendered by the router, so
 * the hash is kept) and the old slugs of news posts (`previousSlugs`).
 */
export function redirects(): { app: Record<string, string>; moved: Record<string, string> } {
  return {
    app: { ...SITE_REDIRECTS },
    moved: Object.fromEntries(
      newsPostRedirects(routeDocuments()).map(({ from, to }) => [from, to]),
    ),
  }
}

/** The news feed (RSS 2.0) at `paths.newsFeed()`. */
export function feed(siteUrl: string): { path: string; text: string } {
  return {
    path: paths.newsFeed(),
    text: newsFeed(prerenderStore.getBaseline('newsPosts'), siteUrl, new Date()),
  }
}

/**
 * Every team's and every program's schedule as a calendar file (`/calendars/{team}.ics`,
 * `/calendars/{program}.ics`), from the same content as the pages: a phone subscribes to its
 * address (webcal://) and follows changes after each build.
 */
export function calendars(siteUrl: string): { path: string; text: string }[] {
  const now = new Date()
  return [
    // Each team's and each program's calendar, and each camp's or event's own file.
    ...siteCalendars(
      {
        teams: prerenderStore.getBaseline('teams'),
        fieldsContent: prerenderStore.getBaseline('fieldsContent'),
        programsContent: prerenderStore.getBaseline('programsContent'),
        clinics: prerenderStore.getBaseline('clinics'),
      },
      now,
      siteUrl,
    ),
    // Every camp, clinic and event in one calendar, beside the team calendars.
    {
      path: paths.eventsCalendar(),
      text: eventsCalendar(prerenderStore.getBaseline('clinics'), now, { siteUrl }),
    },
  ]
}

export async function render(url: string, siteUrl: string) {
  const renderedAt = Date.now()
  const used = new Set<DocumentKey>()
  const article = articleDocument(url)
  const pageStore = article ? storeOf({ ...baseline, [article.key]: article.post }) : prerenderStore
  const pageVersions: Partial<Record<DocumentKey, number>> = article?.version
    ? { ...versions, [article.key]: article.version }
    : versions
  const isStored = (key: DocumentKey) =>
    (key in baseline && !madeCoaches.has(key)) ||
    (article !== undefined && key === article.key && article.version !== undefined)
  // The documents the page shows go into it, so that hydration renders the same without the
  // browser loading any sample content (the first bundle carries code, not content).
  const store = recordingStore(pageStore, used)
  const renderOnce = async () => {
    const collector = createHeadCollector()
    const { prelude } = await prerenderToNodeStream(
      <SiteUrlContext.Provider value={siteUrl}>
        <HeadCollectorContext.Provider value={collector}>
          <AppShell store={store} renderedAt={renderedAt}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppShell>
        </HeadCollectorContext.Provider>
      </SiteUrlContext.Provider>,
      // Never outline a large page into a later chunk: the whole page is one document.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    )
    return { collector, html: await streamToString(prelude) }
  }
  // The first pass loads the route's lazily loaded page; the second renders it inline.
  // (A page still loading would be emitted as a fallback plus a script that swaps it in
  // later, which delays the first paint of the real content.)
  let pass = await renderOnce()
  for (let i = 0; i < 3 && pass.html.includes('<template id="B:'); i++) pass = await renderOnce()
  const { collector, html } = pass
  // The header's documents, which it reads in the browser only (HEADER_KEYS), go into the page
  // too: held at their stored version, the read at start then answers nothing for them, and the
  // browser loads no schemas to parse an answer (a 40 ms task on this host, 160 ms at the
  // phone's 4× CPU, after every page's start-up). The signed-in area's shells read none.
  const loaded = new Set(keysLoadedAt(new URL(url, siteUrl).pathname))
  for (const key of HEADER_KEYS) if (loaded.has(key)) used.add(key)
  if (html.includes('<template id="B:'))
    throw new Error(`${url} still suspended after its page loaded`)
  if (!collector.head) throw new Error(`${url} rendered no head: every route must call useHead`)
  const shareSource = collector.head.image || DEFAULT_SHARE_SOURCE
  const shareTitle = shareTitleOf(collector.head.title)
  return {
    html,
    head: renderHeadHtml(collector.head, siteUrl),
    // The JPEG link previews get (the head names it): the build makes it from the page's image.
    shareImage: {
      path: shareImagePath(shareSource, shareTitle),
      source: shareSource,
      title: shareTitle,
      clubName: CLUB_NAME,
      fallback: DEFAULT_SHARE_SOURCE,
      width: SHARE_IMAGE.width,
      height: SHARE_IMAGE.height,
    },
    renderedAt,
    baseline: baselineJson(used, pageStore),
    /** The documents the page read, stored or built-in. */
    keys: [...used],
    // Content keys are identifiers, safe in an attribute as they are.
    builtIn: [...used].filter((key) => !isStored(key)).join(' '),
    // The stored version of each stored document in the baseline: a read that answers the
    // same version needs no parsing in the browser (no schemas loaded at start). A public form
    // is named by its row, so that a staff session reads the whole document.
    versions: [...used]
      .filter((key) => isStored(key) && pageVersions[key] !== undefined)
      .map((key) => {
        const row = heldRowOf(key, publicForms.has(key) ? 'public' : undefined)
        return `${row}:${pageVersions[key]}`
      })
      .join(' '),
  }
}
