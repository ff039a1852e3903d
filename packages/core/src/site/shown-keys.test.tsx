import { createRequire } from 'node:module'
import { PassThrough } from 'node:stream'

import { prerenderToNodeStream } from 'react-dom/static'
import { Route, Routes, StaticRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'

import { prerenderStore } from '../../test-utils/prerender-site.tsx'
import { ContentProvider } from '../content/content-provider.tsx'
import type { SiteContentStore } from '../content/content-provider.tsx'
import { recordingStore } from '../content/recording-store.ts'
import { isNewsPostKey, isTeamCoachesKey } from '../entities/content-key-list.ts'
import type { ContentDocuments, DocumentKey } from '../entities/content-keys.ts'
import { FormSenderProvider } from '../forms/form-sender-context.tsx'
import { setSanitizerWindow } from '../html/sanitize.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { publicPaths } from './route-registry.ts'
import { RenderTimeProvider } from './render-time.tsx'
import { SiteLayout } from './site-layout.tsx'
import { siteRoutes } from './site-routes.tsx'
import { ALWAYS_SHOWN_KEYS, keysLoadedAt, keysShownAt } from './shown-keys.ts'

type SanitizerWindow = Parameters<typeof setSanitizerWindow>[0]
// Pages sanitize stored HTML; in Node, as when prerendering, that takes a jsdom window
// (core has no jsdom typings).
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: SanitizerWindow }
}
setSanitizerWindow(new JSDOM('').window)

/**
 * A store that never reads, noting every document a render asks it for; `stored`: the documents
 * it was built with as stored (else nothing is stored).
 */
function neverReadingStore(
  used: Set<DocumentKey>,
  stored?: Partial<ContentDocuments>,
): SiteContentStore {
  return recordingStore(prerenderStore(stored ?? {}), used)
}

const asRoutes = (routes: RouteObject[]) =>
  routes.map((route, index) => (
    <Route key={index} index={route.index} path={route.path} element={route.element} />
  ))

/** The documents the page at `path` reads while it is prerendered, as the build does. */
async function keysReadAt(path: string, stored?: Partial<ContentDocuments>): Promise<Set<string>> {
  const used = new Set<DocumentKey>()
  const { prelude } = await prerenderToNodeStream(
    <RenderTimeProvider initial={Date.parse('2026-05-01T12:00:00Z')}>
      <ContentProvider store={neverReadingStore(used, stored)} signedIn={false} isStaff={false}>
        <FormSenderProvider load={() => new Promise(() => {})}>
          <StaticRouter location={path}>
            <Routes>
              <Route path="/" element={<SiteLayout />}>
                {asRoutes(siteRoutes() as RouteObject[])}
              </Route>
            </Routes>
          </StaticRouter>
        </FormSenderProvider>
      </ContentProvider>
    </RenderTimeProvider>,
  )
  const sink = new PassThrough()
  prelude.pipe(sink)
  for await (const _chunk of sink) {
    // drained: the whole page (its lazy route and the footer) has rendered
  }
  return used
}

describe('keysShownAt', () => {
  it.each(publicPaths(DEFAULT_CONTENT))(
    'should name every document the page at %s reads',
    async (path) => {
      const read = await keysReadAt(path)
      expect(read.size).toBeGreaterThan(0)
      // An article's own post (`news/<id>`) is no route's key, nor the staff a team page reads
      // whole while its coaches' row is not stored (nothing is, here): the build and the
      // production server keep what each page read as it rendered.
      const teamPage = keysShownAt(path).some(isTeamCoachesKey)
      expect(
        [...read].filter(
          (key) =>
            !isNewsPostKey(key) &&
            !(teamPage && key === 'staff') &&
            !keysShownAt(path).includes(key as DocumentKey),
        ),
      ).toEqual([])
      // A public page never reads the whole teams: each reads the view of them it shows.
      expect(read).not.toContain('teams')
    },
  )

  it('should name a team page its own team alone (and which teams there are), at each of its addresses', async () => {
    const views = (path: string) => keysShownAt(path).filter((key) => /^team/.test(key))
    expect(views('/team/flash-12u')).toEqual(['teamKeys', 'team/flash-12u'])
    expect(views('/programs/big-train/10u')).toEqual(['teamKeys', 'team/big-train-10u'])
    expect(views('/dmv/2026')).toEqual(['teamKeys', 'team/dmv-prospects-2026'])
    expect(views('/teams')).toEqual(['teamRosters'])
    expect(views('/schedule')).toEqual(['teamSchedules'])
    expect(views('/programs/big-train')).toEqual(['teamNames'])
    // What its prerender reads: its own team, no other.
    const read = [...(await keysReadAt('/team/flash-12u'))].filter((key) => /^team/.test(key))
    expect(read.sort()).toEqual(['team/flash-12u', 'teamKeys'])
  })

  it("should name a team page its own coaches' row, and read the staff whole only where no such row is stored", async () => {
    for (const [path, id] of [
      ['/team/flash-12u', 'flash-12u'],
      ['/programs/big-train/10u', 'big-train-10u'],
      ['/dmv/2026', 'dmv-prospects-2026'],
    ] as const) {
      expect(keysShownAt(path).filter(isTeamCoachesKey), path).toEqual([`coaches/${id}`])
      expect(keysShownAt(path), path).not.toContain('staff')
    }
    // Stored (the teams and the staff are): the row alone, never the staff.
    const coach = { id: 'coach-9', name: 'Pat Stored', subtitle: 'Head Coach', imageUrl: '' }
    const team = { ...DEFAULT_CONTENT.teams['flash-12u']!, coaches: ['coach-9'] }
    const stored = await keysReadAt('/team/flash-12u', {
      'team/flash-12u': team,
      teamKeys: ['flash-12u'],
      'coaches/flash-12u': [coach],
    })
    expect(stored).toContain('coaches/flash-12u')
    expect(stored).not.toContain('staff')
    // Not stored (either document is not): the staff whole, as before the rows.
    const none = await keysReadAt('/team/flash-12u')
    expect(none).toContain('staff')
    expect(none).not.toContain('coaches/flash-12u')
    // Staff editing the page edit the staff whole.
    expect(keysShownAt('/admin/edit/team/flash-12u')).toContain('staff')
    expect(keysShownAt('/admin/edit/team/flash-12u').filter(isTeamCoachesKey)).toEqual([])
  })

  it('should name a program page its own program alone, not every program', async () => {
    const programs = (path: string) => keysShownAt(path).filter((key) => /^program/.test(key))
    expect(programs('/programs/select')).toEqual(['program/select'])
    expect(programs('/programs/no-such-program')).toEqual([])
    expect(programs('/programs')).toEqual(['programCards', 'programSummaries'])
    expect(programs('/contact')).toEqual(['programSummaries'])
    // What its prerender reads: its own program, no other, and never the whole programs.
    const read = [...(await keysReadAt('/programs/select'))]
    expect(read.filter((key) => /^program/.test(key))).toEqual(['program/select'])
    expect(read).not.toContain('programsContent')
  })

  it('should name an event page its own event alone with the events there are, and the events pages the cards', async () => {
    expect(keysShownAt('/camps-events/summer-baseball-camp')).toEqual([
      'alerts',
      'siteFooter',
      'weatherPostingTimes',
      'eventSlugs',
      'event/summer-baseball-camp',
    ])
    expect(keysShownAt('/camps-events')).toContain('eventCards')
    expect(keysShownAt('/')).toContain('eventCards')
    for (const path of ['/', '/camps-events', '/camps-events/summer-baseball-camp'])
      expect(keysShownAt(path), path).not.toContain('clinics')
    // What its prerender reads: its own event, never every event.
    const read = [...(await keysReadAt('/camps-events/summer-baseball-camp'))]
    expect(read.filter((key) => /^event|clinics/.test(key)).sort()).toEqual([
      'event/summer-baseball-camp',
      'eventSlugs',
    ])
    expect(keysShownAt('/admin/edit/camps-events/summer-baseball-camp')).toEqual([
      'alerts',
      'content',
      'fieldsContent',
      'clinics',
    ])
  })

  it('should give every page the posting times alone, not the fields', () => {
    for (const path of ['/donate', '/sponsors', '/contact', '/team/flash-12u', '/no-such-page'])
      expect(keysShownAt(path), path).toContain('weatherPostingTimes')
    expect(keysShownAt('/donate')).not.toContain('fieldsContent')
    // The pages that show the fields read them whole.
    expect(keysShownAt('/fields')).toContain('fieldsContent')
    expect(keysShownAt('/live-updates')).toContain('fieldsContent')
  })

  it('should give a team page and /schedule the fields alone, not the Facilities page', async () => {
    for (const path of ['/team/flash-12u', '/programs/big-train/10u', '/dmv/2026', '/schedule']) {
      expect(keysShownAt(path), path).toContain('fieldList')
      expect(keysShownAt(path), path).not.toContain('fieldsContent')
    }
    // What its prerender reads: the fields alone, never the Facilities page's document.
    const read = await keysReadAt('/team/flash-12u')
    expect(read).toContain('fieldList')
    expect(read).not.toContain('fieldsContent')
    // Staff editing the page edit the whole document.
    expect(keysShownAt('/admin/edit/team/flash-12u')).toContain('fieldsContent')
    expect(keysShownAt('/admin/edit/team/flash-12u')).not.toContain('fieldList')
  })

  it("should give every page's footer its part of the home document, and the whole of it only to the pages that show it", async () => {
    for (const path of ['/team/flash-12u', '/contact', '/fields', '/no-such-page'])
      expect(keysShownAt(path), path).toContain('siteFooter')
    for (const path of ['/team/flash-12u', '/contact', '/fields', '/schedule', '/about'])
      expect(keysShownAt(path), path).not.toContain('content')
    for (const path of ['/', '/donate', '/sponsors'])
      expect(keysShownAt(path), path).toContain('content')
    // What a team page's and /contact's prerenders read: the footer's row, never the home document.
    for (const path of ['/team/flash-12u', '/contact']) {
      const read = await keysReadAt(path)
      expect(read, path).toContain('siteFooter')
      expect(read, path).not.toContain('content')
    }
    // Staff editing a page edit the home document whole (its contact details are edited in place).
    expect(keysShownAt('/admin/edit/contact')).toContain('content')
    expect(keysShownAt('/admin/edit/contact')).not.toContain('siteFooter')
  })

  it('should show the whole document where the editing view shows a row derived from it', () => {
    expect(keysShownAt('/admin/edit/teams')).toEqual([
      'alerts',
      'content',
      'fieldsContent',
      'teams',
      'staff',
    ])
    expect(keysShownAt('/admin/edit/team/flash-12u')).toEqual([
      'alerts',
      'content',
      'fieldsContent',
      'teams',
      'staff',
    ])
    expect(keysShownAt('/admin/edit/programs/select')).toEqual([
      'alerts',
      'content',
      'fieldsContent',
      'staff',
      'teams',
      'programsContent',
    ])
    expect(keysShownAt('/admin/edit/programs')).toEqual([
      'alerts',
      'content',
      'fieldsContent',
      'programCards',
      'programsContent',
    ])
    expect(keysShownAt('/admin/edit/donate')).toEqual(['alerts', 'content', 'fieldsContent'])
    expect(keysShownAt('/admin/edit')).toEqual([
      ...new Set(
        keysShownAt('/').map((key) =>
          key === 'weatherPostingTimes'
            ? 'fieldsContent'
            : key === 'eventCards'
              ? 'clinics'
              : key === 'siteFooter'
                ? 'content'
                : key,
        ),
      ),
    ])
    expect(keysShownAt('/fields/')).toEqual(keysShownAt('/fields'))
  })

  it('should name no document for the rest of the signed-in area', () => {
    expect(keysShownAt('/admin/home')).toEqual([])
    expect(keysShownAt('/admin')).toEqual([])
    expect(keysShownAt('/admin-login')).toEqual([])
  })

  it('should keep to what every page shows on a path no route has', () => {
    expect(keysShownAt('/no-such-page')).toEqual([...ALWAYS_SHOWN_KEYS])
  })

  it('should list each key once', () => {
    const keys = keysShownAt('/live-updates')
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys).toEqual(expect.arrayContaining(['alerts', 'fieldsContent']))
  })
})

describe('keysLoadedAt', () => {
  it('should add the header’s programs to what a public page shows, and nothing in the signed-in area', () => {
    // The registrations alone (the Register button's links), never every program's page.
    expect(keysLoadedAt('/donate')).toEqual([...keysShownAt('/donate'), 'programRegistrations'])
    expect(keysLoadedAt('/team/flash-12u')).toEqual([
      'alerts',
      'siteFooter',
      'weatherPostingTimes',
      'fieldList',
      'teamKeys',
      'team/flash-12u',
      'coaches/flash-12u',
      'programRegistrations',
    ])
    expect(keysLoadedAt('/programs')).toEqual([...keysShownAt('/programs'), 'programRegistrations'])
    expect(keysLoadedAt('/admin/home')).toEqual([])
  })
})
