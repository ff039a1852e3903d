/**
 * Following a page's content live, against the local server: the real Realtime websocket
 * with the unmodified supabase-js Realtime client, real saves by a staff user, and the
 * real content store reading through the public read client.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { recordLogs } from '../../test-utils/notices.ts'
import { createPublicReadClient } from '../backend/public-read-client.ts'
import { createPublicRealtimeClient } from '../backend/realtime-client.ts'
import { createPublicContentRepository } from '../content/content-repository.ts'
import { createContentRepository } from '../content/content-repository-client.ts'
import { createContentStore } from '../content/content-store.ts'
import type { ContentStore } from '../content/store-types.ts'
import { entitiesCatalog } from '../content/entities-catalog.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments, DocumentKey } from '../entities/content-keys.ts'
import { keysShownAt } from '../site/shown-keys.ts'
import { createLiveContent } from './live-content.ts'
import type { LiveContent, LivePage, LiveStatus } from './live-content.ts'

let h: Harness
let staff: SupabaseClient
const cleanups: (() => unknown)[] = []

beforeAll(async () => {
  h = await startHarness()
  staff = (await h.signedInUser({ staff: true })).client
})

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

afterAll(async () => {
  await h.stop()
})

/** Stores a document as an editor would, naming the version stored now. */
async function saveAsStaff<K extends DocumentKey>(key: K, value: ContentDocuments[K]) {
  const repository = createContentRepository(staff)
  const [row] = await repository.read([key])
  return (await repository.save(key, value, row?.version ?? 0)).version
}

async function eventually(check: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The browser's document and window as the controller sees them, driven by the test. */
function testPage() {
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  })
  const window = new EventTarget()
  return {
    page: { document, window } as unknown as LivePage,
    setVisible(visible: boolean) {
      document.visibilityState = visible ? 'visible' : 'hidden'
      document.dispatchEvent(new Event('visibilitychange'))
    },
    focus: () => window.dispatchEvent(new Event('focus')),
  }
}

/** A visitor's page: the store (started, vital keys read) and its live content. */
async function visitor(options: { backendUrl?: string } = {}) {
  const reader = createPublicContentRepository(createPublicReadClient(h))
  // A visitor's store never saves (it is not signed in); its repository only reads.
  const repository = {
    read: reader.read,
    save: () => Promise.reject(new Error('a visitor does not save')),
  }
  const reads: string[][] = []
  const answers: string[][] = []
  const store: ContentStore<ContentDocuments> = createContentStore<ContentDocuments>({
    repository,
    catalog: entitiesCatalog,
    storage: null,
    events: null,
    backgroundDelayMs: 0,
  })
  store.start()
  await eventually(() => store.getLoadState().background === 'loaded', 'the store’s reads')
  const realtime = createPublicRealtimeClient({
    url: options.backendUrl ?? h.url,
    anonKey: h.anonKey,
  })
  const page = testPage()
  const announced: string[] = []
  const statuses: LiveStatus[] = []
  const logs = recordLogs()
  const live: LiveContent = createLiveContent({
    realtime,
    store,
    keysAt: keysShownAt,
    read: async (keys, held) => {
      reads.push([...keys])
      const rows = await repository.read(keys, held)
      answers.push(rows.map((row) => row.key))
      return rows
    },
    page: page.page,
    announce: (message) => announced.push(message),
    onStatus: (status) => statuses.push(status),
    logger: logs.logger,
  })
  cleanups.push(
    () => live.dispose(),
    () => store.dispose(),
    () => realtime.disconnect(),
  )
  return { store, live, page, reads, answers, announced, statuses }
}

const fields = (mainText: string): ContentDocuments['fieldsContent'] => ({
  ...DEFAULT_CONTENT.fieldsContent,
  mainText,
})
const alerts = (title: string): ContentDocuments['alerts'] => [
  { ...DEFAULT_CONTENT.alerts[0]!, title },
]
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`

describe('live content', () => {
  // How fast a save arrives is a figure `pnpm bench:realtime` prints (p50/p95): here, on a
  // machine busy with other suites, only that it arrives over Realtime, and how.
  it('should show a staff save of a shown key, announced, without a read', async () => {
    const { store, live, announced, reads } = await visitor()
    live.show('/fields')
    await eventually(() => live.status() === 'live', 'the subscription')

    const mainText = unique('All fields open')
    const version = await saveAsStaff('fieldsContent', fields(mainText))
    await eventually(() => store.get('fieldsContent').mainText === mainText, 'the change', 10_000)

    expect(store.version('fieldsContent')).toBe(version)
    // Once, although the save reached the page as two rows (the fields and their posting times,
    // which the database derives: both are new on a database that had no fields stored).
    await eventually(() => announced.length > 0, 'the announcement')
    expect(announced).toEqual(['Field status updated'])
    // The change carried the document: no content read beyond the store's own two.
    expect(reads).toEqual([])
  })

  it('should bring a visitor a roster save as the team page shows it, never the whole one', async () => {
    const { store, live } = await visitor()
    live.show('/team/big-train-10u')
    await eventually(() => live.status() === 'live', 'the subscription')

    const teams = structuredClone(DEFAULT_CONTENT.teams)
    const given = unique('Sam').replace(' ', '-')
    const name = `${given} Rivera`
    teams['big-train-10u']!.roster[0] = { ...teams['big-train-10u']!.roster[0]!, name, weight: 70 }
    const version = await saveAsStaff('teams', teams)
    // The page's own team, from its row (`team/<id>`), in the form the page shows.
    const key = 'team/big-train-10u'
    await eventually(() => store.version(key) === version, 'the change', 10_000)
    expect(store.get(key).roster[0]).toMatchObject({
      name: `${name.split(' ')[0]} ${name.split(' ')[1]![0]}.`,
      weight: null,
    })
    expect(JSON.stringify(store.get(key))).not.toContain('Rivera')
    // No other team's row came with it.
    expect(store.version('team/flash-12u')).toBe(0)
  })

  it("should bring an open team page a save of the home document's contact details and of the fields, through the rows it shows", async () => {
    const { store, live } = await visitor()
    live.show('/team/big-train-10u')
    await eventually(() => live.status() === 'live', 'the subscription')

    const email = `${unique('club').replace(' ', '-')}@club.example.org`
    const contact = { email, phone: '', mailingAddress: [] }
    const homeVersion = await saveAsStaff('content', { ...DEFAULT_CONTENT.content, contact })
    // No other test stores the home document: its footer's row would be news to their pages.
    cleanups.push(async () => {
      await staff.from('website_content').delete().eq('key', 'content')
    })
    // The footer's row (`siteFooter`), not the home document, which the page does not show.
    await eventually(() => store.version('siteFooter') === homeVersion, 'the footer', 10_000)
    expect(store.get('siteFooter').contact).toEqual(contact)
    expect(store.version('content')).not.toBe(homeVersion)

    const name = unique('Hollow Oak')
    const changed = DEFAULT_CONTENT.fieldsContent.fields.map((field, i) =>
      i === 0 ? { ...field, name } : field,
    )
    const fieldsVersion = await saveAsStaff('fieldsContent', {
      ...DEFAULT_CONTENT.fieldsContent,
      fields: changed,
    })
    // The fields alone (`fieldList`), not the Facilities page's document.
    await eventually(() => store.version('fieldList') === fieldsVersion, 'the fields', 10_000)
    expect(store.get('fieldList')[0]?.name).toBe(name)
    expect(store.version('fieldsContent')).not.toBe(fieldsVersion)
  })

  it('should not take saves of keys the page does not show', async () => {
    const { store, live } = await visitor()
    live.show('/fields')
    await eventually(() => live.status() === 'live', 'the subscription')
    const teamsVersion = store.version('teams')

    await saveAsStaff('teams', DEFAULT_CONTENT.teams)
    // A later change of a shown key arrives after the first would have.
    const mainText = unique('Marker')
    await saveAsStaff('fieldsContent', fields(mainText))
    await eventually(() => store.get('fieldsContent').mainText === mainText, 'the marker')

    expect(store.version('teams')).toBe(teamsVersion)
  })

  it('should stop while the page is hidden and catch up when it shows again', async () => {
    const { store, live, page, statuses } = await visitor()
    live.show('/live-updates')
    await eventually(() => live.status() === 'live', 'the subscription')

    // A second visitor's page, left visible, proves the change is delivered.
    const witness = await visitor()
    witness.live.show('/live-updates')
    await eventually(() => witness.live.status() === 'live', 'the witness subscription')

    page.setVisible(false)
    expect(live.status()).toBe('paused')
    const title = unique('Game on')
    await saveAsStaff('alerts', alerts(title))
    await eventually(() => witness.store.get('alerts')[0]?.title === title, 'the witness')
    expect(store.get('alerts')[0]?.title).not.toBe(title)

    page.setVisible(true)
    await eventually(() => store.get('alerts')[0]?.title === title, 'the catch-up read')
    expect(live.status()).toBe('live')
    expect(statuses).toEqual(['connecting', 'live', 'paused', 'connecting', 'live'])
  })

  it('should follow the keys of a page shown later, reading them once when it joins', async () => {
    const { store, live, reads } = await visitor()
    live.show('/fields')
    await eventually(() => live.status() === 'live', 'the subscription')
    const title = unique('Opening day')
    // A post's save: the database rewrites the newest cards (`newsPosts`), which the page shows.
    const post = DEFAULT_CONTENT.newsPosts[0]!
    await saveAsStaff(`news/${post.id}`, { ...post, title, published: true })

    live.show('/news-and-updates')
    await eventually(() => store.get('newsPosts')[0]?.title === title, 'the news')
    expect(reads).toEqual([['newsPosts']])

    // Still followed on the next page, with what the first page showed.
    live.show('/about')
    await eventually(() => live.status() === 'live', 'the new subscription')
    const again = unique('Second story')
    await saveAsStaff(`news/${post.id}`, { ...post, title: again, published: true })
    await eventually(() => store.get('newsPosts')[0]?.title === again, 'the later news')
  })

  it('should not download again, when a page shown later joins, a document held at its stored version', async () => {
    await saveAsStaff('aboutContent', {
      ...DEFAULT_CONTENT.aboutContent,
      communities: [unique('Community')],
    })
    const { store, live, reads, answers } = await visitor()
    expect(store.version('aboutContent')).toBeGreaterThan(0)
    live.show('/fields')
    await eventually(() => live.status() === 'live', 'the subscription')
    live.show('/about')
    await eventually(() => reads.length === 1, 'the catch-up read')
    expect(reads).toEqual([['aboutContent']])
    await eventually(() => answers.length === 1, 'its answer')
    expect(answers).toEqual([[]])
  })

  it('should read the shown keys on focus when Realtime cannot be reached', async () => {
    // Nothing listens on port 9 (discard) here: the socket cannot connect.
    const { store, live, page, reads, announced } = await visitor({
      backendUrl: 'http://127.0.0.1:9',
    })
    live.show('/fields')
    await eventually(() => live.status() === 'offline', 'the failed connection', 12_000)

    const mainText = unique('Fields closed')
    await saveAsStaff('fieldsContent', fields(mainText))
    page.focus()
    await eventually(() => store.get('fieldsContent').mainText === mainText, 'the read on focus')
    expect(reads).toEqual([['alerts', 'siteFooter', 'weatherPostingTimes', 'fieldsContent']])
    await eventually(() => announced.length > 0, 'the announcement')
    expect(announced).toEqual(['Field status updated'])

    // A page shown again after being hidden reads at once too.
    const title = unique('Lightning')
    await saveAsStaff('alerts', alerts(title))
    page.setVisible(false)
    page.setVisible(true)
    await eventually(() => store.get('alerts')[0]?.title === title, 'the read on showing')
  })

  it('should follow nothing in the signed-in area and pick up again on a public page', async () => {
    const { store, live } = await visitor()
    live.show('/fields')
    await eventually(() => live.status() === 'live', 'the subscription')

    const witness = await visitor()
    witness.live.show('/fields')
    await eventually(() => witness.live.status() === 'live', 'the witness subscription')

    live.show('/admin/home')
    expect(live.status()).toBe('idle')
    const mainText = unique('While away')
    await saveAsStaff('fieldsContent', fields(mainText))
    // Delivered to a page that follows it; not to the signed-in area.
    await eventually(() => witness.store.get('fieldsContent').mainText === mainText, 'the witness')
    expect(store.get('fieldsContent').mainText).not.toBe(mainText)

    live.show('/fields')
    await eventually(() => store.get('fieldsContent').mainText === mainText, 'the catch-up')
  })
})
