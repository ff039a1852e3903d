import { documentOfRow, obtainContentStore, publicRowOf } from '@club/core/content'
import type { ContentRepository, NewsReader } from '@club/core/content'
import { PAGE_INTERACTIVE_ATTRIBUTE } from '@club/core/early-links'
import { CONTENT_KEYS, isItemKey, isNewsPostKey, isStaffOnlyKey } from '@club/core/entities'
import type { ContentDocuments, DocumentKey } from '@club/core/entities'
import { createNoticeStore } from '@club/core/ui'
import { isSignedInAreaPath } from '@club/core/admin-paths'
import { keysLoadedAt } from '@club/core/site'

/** One notice queue for the whole app: content and auth notices share the one-at-a-time rule. */
export const notices = createNoticeStore()

const loadBackend = () => import('./backend.ts')

/**
 * The light public reader (public-reader.ts), a chunk of its own: nothing renders with it, so
 * it is not part of the start-up. A visitor's first read loads it (the store starts reading
 * once the page has hydrated: see untilStarted), and so does the news reader's first call.
 */
const loadPublicReader = () => import('./public-reader.ts')

/** The news archive's reads beyond the newest cards (an old article, a page of the list). */
export const newsReader: NewsReader = {
  postBySlug: async (slug) => (await loadPublicReader()).newsReader.postBySlug(slug),
  page: async (options) => (await loadPublicReader()).newsReader.page(options),
  years: async () => (await loadPublicReader()).newsReader.years(),
  all: async () => (await loadPublicReader()).newsReader.all(),
}

/**
 * A visitor's read, once the page has started (see untilStarted): hydration renders the
 * documents the page was built from, so nothing waits for the read, and its code is fetched
 * after the page's start-up rather than during it (bench:web's home initial JS).
 */
async function readAsVisitor(...[keys, held]: Parameters<ContentRepository['read']>) {
  await untilStarted()
  return (await loadPublicReader()).publicRepository.read(keys, held)
}

/**
 * The content repository: a visitor's reads go through the light public reader (loaded on
 * the first read, see above), saves and the staff-only documents' read (made by the
 * signed-in area, with its session) through the full client, which loads on demand.
 */
export const siteRepository: ContentRepository = {
  // A news post, and a document with a public form (`teams`: core's content/public-forms.ts), are
  // read with the staff session while one may save (staff read drafts and whole rosters); a
  // visitor's page reads them with the light reader.
  read: async (keys, held) =>
    keys.some(isStaffOnlyKey) ||
    (siteStore.canSave() && keys.some((key) => isNewsPostKey(key) || publicRowOf(key)))
      ? (await loadBackend()).repository.read(keys, held)
      : readAsVisitor(keys, held),
  save: async (key, value, baseVersion, before) =>
    (await loadBackend()).repository.save(key, value, baseVersion, before),
}

/**
 * The documents this prerendered page was built from, stored or built-in (scripts/build.ts
 * writes them beside the HTML, already parsed and checked at build time). Hydration must
 * render the same, so the store shows them until its reads answer; and the page needs no
 * sample content from the bundle. Anything unexpected is ignored: the page then waits for
 * the built-in documents, which load on demand, and React re-renders what differs.
 * With them, the stored version of each: a read answering that version brings nothing new,
 * so the schemas (zod) are not loaded to parse it again.
 */
function readBaseline(): {
  baseline?: Partial<ContentDocuments>
  builtInBaseline?: DocumentKey[]
  baselineVersions?: Record<string, number>
} {
  const element =
    typeof document === 'undefined' ? null : document.getElementById('content-baseline')
  if (!element?.textContent) return {}
  const fixed = new Set<string>(CONTENT_KEYS)
  const known = { has: (key: string) => fixed.has(key) || isItemKey(key) }
  try {
    const parsed: unknown = JSON.parse(element.textContent)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
    const baseline = Object.fromEntries(
      Object.entries(parsed).filter(([key, value]) => known.has(key) && value != null),
    ) as Partial<ContentDocuments>
    const builtInBaseline = (element.dataset['builtIn'] ?? '')
      .split(' ')
      .filter((key): key is DocumentKey => known.has(key) && key in baseline)
    // `row:version` of each stored document the page was built from (see entry-server.tsx): a
    // document's own key, or the row of the public form it was read in (`publicTeams`).
    const baselineVersions: Record<string, number> = {}
    for (const pair of (element.dataset['versions'] ?? '').split(' ')) {
      const [row = '', version = ''] = pair.split(':')
      const { key } = documentOfRow(row)
      if (known.has(key) && key in baseline && /^\d+$/.test(version))
        baselineVersions[row] = Number(version)
    }
    return { baseline, builtInBaseline, baselineVersions }
  } catch {
    return {}
  }
}

/** However the page fares, stored documents it does not show are parsed by then. */
const STARTED_AT_LATEST_MS = 10_000

let started: Promise<void> | undefined
/**
 * Resolves once the prerendered public page has hydrated (the layout marks it interactive),
 * or after 10 s whatever happens; at once on a page that was not prerendered, and in the
 * signed-in area. Until then, stored documents that nothing on the page shows wait to be
 * parsed, so that the schemas (zod) do not load during start-up, and a visitor's reads wait to
 * be sent (readAsVisitor), so that the reader's code does not either. Hydration never waits on
 * a read (route-documents.tsx): the page hydrates with the documents it was built from.
 */
function untilStarted(): Promise<void> {
  return (started ??= new Promise<void>((resolve) => {
    const root = document.documentElement
    const prerendered = document.getElementById('content-baseline') !== null
    if (!prerendered || isSignedInAreaPath(location.pathname)) return resolve()
    const check = () => {
      if (!root.hasAttribute(PAGE_INTERACTIVE_ATTRIBUTE)) return
      observer.disconnect()
      resolve()
    }
    const observer = new MutationObserver(check)
    observer.observe(root, { attributeFilter: [PAGE_INTERACTIVE_ATTRIBUTE] })
    window.setTimeout(() => {
      observer.disconnect()
      resolve()
    }, STARTED_AT_LATEST_MS)
    check()
  }))
}

/**
 * The documents the page opened first shows: the reads at start keep to them, and another
 * page's documents are read when it opens (issue 35 §3). The signed-in area reads every one.
 */
function shownAtStart(): DocumentKey[] | undefined {
  if (typeof location === 'undefined' || isSignedInAreaPath(location.pathname)) return undefined
  return keysLoadedAt(location.pathname)
}

/** The app's one content store (at most two content requests per page load, whatever renders). */
export const siteStore = obtainContentStore(siteRepository, {
  notices,
  untilStarted,
  startWith: shownAtStart(),
  ...readBaseline(),
})
