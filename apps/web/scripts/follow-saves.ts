// Re-render on save, for the production server (scripts/start.ts): follows the stored
// documents as a visitor does (the anon key, so row-level security decides what it sees)
// and re-renders only the pages that show a changed document, from the server bundle and
// with the same code as the build (scripts/site-output.ts). A new item (a post) gets its
// page, a deleted one's page is removed (it answers 404), and the sitemap, calendars and
// search index follow. Saves arrive over Realtime; the documents are also read again every so often
// (often while Realtime is down), which catches deletions and anything missed.
//
// Pages the build left to the server (older articles: BuildOptions.articles `newest`) are
// rendered when first asked for (renderOnRequest), and the rest in the background, a few
// between two passes, so that a save never waits for them; the search index is written
// again once they all are.
import { join } from 'node:path'

import type { StoredDocument } from '@club/core/content'
import type { DocumentKey } from '@club/core/entities'
import { isEventPageKey, isNewsPostKey, isTeamCoachesKey, isTeamViewKey } from '@club/core/entities'

import type { PageRoutes } from '../src/server/page-routes.ts'
import { writeSearchIndex } from './search-index.ts'
import { createShareImageMaker, SHARE_IMAGE_CACHE_DIR } from './share-images.ts'
import {
  createPageOnRequest,
  createSiteWriter,
  loadServerBundle,
  SERVER_FILES,
} from './site-output.ts'
import { writeFileAtomic } from './site-files.ts'
import type { Backend, ServerEntry, SiteManifest } from './site-output.ts'

/** Reads everything again this often while Realtime delivers saves. */
export const FOLLOW_CHECK_MS = 60_000
/** …and this often while it does not (not joined yet, refused, disconnected, switched off). */
export const FOLLOW_FALLBACK_MS = 3_000
/**
 * Pages the build left to the server rendered in the background at a time (about a second
 * and a half, share images drawn): a save's pass waits for one batch at most.
 */
export const BACKGROUND_BATCH = 10

/** What one pass changed on disk. */
export type RenderReport = {
  /** The documents whose stored version changed (or that were deleted). */
  changed: DocumentKey[]
  /** Pages rendered again, or for the first time. */
  rendered: string[]
  /** Pages removed (their items are gone). */
  removed: string[]
  /** Other files written (404.html, sitemap.xml, calendars). */
  files: string[]
  /** From the read's answer to the last file written. */
  renderMs: number
  /** Why the pass ran. */
  cause: 'realtime' | 'check' | 'start'
}

/**
 * What to follow and where to write. `backend` (the one to follow) and `siteUrl` (the public
 * origin) default to the ones the site was built for, as its `site.json` says.
 */
export type FollowOptions = Partial<Pick<SiteManifest, 'backend' | 'siteUrl'>> & {
  /** The built site, as served. */
  outDir: string
  /** The server bundle and `site.json` the build left (BuildOptions.serverDir). */
  serverDir: string
  /** The public routes; default: the server bundle's (`pageRoutes`, src/server/page-routes.ts). */
  routes?: PageRoutes
  /** Follow saves over Realtime (default true); without it, only the periodic read. */
  realtime?: boolean
  checkMs?: number
  fallbackMs?: number
  onRender?: (report: RenderReport) => void
  log?: (message: string) => void
}

export type SaveFollower = {
  /** Whether Realtime delivers saves now. */
  readonly realtime: 'joining' | 'joined' | 'down' | 'off'
  /** Resolves once every pass asked for so far has finished. */
  idle(): Promise<void>
  /**
   * Renders a page the build left to the server now, when a visitor asks for it before the
   * background has (serveSite's `renderOnRequest`); resolves to whether it wrote it.
   */
  renderOnRequest(pathname: string): Promise<boolean>
  close(): Promise<void>
}

/**
 * The writer of the production server's pages: share images drawn from the backend's photos
 * only, and kept in the cache the builds share.
 */
export function serverSiteWriter(options: {
  entry: ServerEntry
  template: string
  outDir: string
  siteUrl: string
  backend: Backend
  log: (message: string) => void
}) {
  return createSiteWriter({
    entry: options.entry,
    template: options.template,
    outDir: options.outDir,
    siteUrl: options.siteUrl,
    shareImages: createShareImageMaker({
      outDir: options.outDir,
      allowedOrigins: [new URL(options.backend.url).origin],
      cacheDir: SHARE_IMAGE_CACHE_DIR,
      warn: options.log,
    }),
    warn: options.log,
  })
}

export async function followSaves(options: FollowOptions): Promise<SaveFollower> {
  const log = options.log ?? ((message: string) => console.log(message))
  const { entry, template, manifest } = await loadServerBundle(options.serverDir)
  const backend = options.backend ?? manifest.backend
  const siteUrl = (options.siteUrl ?? manifest.siteUrl).replace(/\/$/, '')
  const routes = options.routes ?? entry.pageRoutes
  const writer = serverSiteWriter({
    entry,
    template,
    outDir: options.outDir,
    siteUrl,
    backend,
    log,
  })
  const checkMs = options.checkMs ?? FOLLOW_CHECK_MS
  const fallbackMs = options.fallbackMs ?? FOLLOW_FALLBACK_MS

  /** What is on disk now: the manifest of the build, kept up to date. */
  const state: SiteManifest = structuredClone(manifest)
  /** The rows the pages are built from now, by key. */
  let rows = new Map<string, StoredDocument>()
  /** Whether every key has been read once: until then, each pass reads them all. */
  let readAll = false
  /** Pages whose last render failed: tried again with the next pass. */
  const failed = new Set<string>()
  /** Pages the build left to the server and not rendered yet (SiteManifest.deferred). */
  const deferred = new Set(manifest.deferred ?? [])
  /** The site's pages as the last pass listed them. */
  let listed = new Set<string>()
  /** Passes that took new content: a page rendered on request across one may be stale. */
  let generation = 0

  const keysAt = (path: string) =>
    new Set<DocumentKey>([...routes.keysShownAt(path), ...(state.pages[path] ?? [])])
  /** Every document some page or file shows: what Realtime is asked for. */
  const followedKeys = () => {
    const keys = new Set<DocumentKey>(state.notFound)
    for (const path of Object.keys(state.pages)) for (const key of keysAt(path)) keys.add(key)
    for (const output of writer.derived)
      for (const use of output.uses) if (use !== 'paths') keys.add(use)
    // The posts (one key each) arrive through onNewsPost, unnamed; a team page's team is named.
    return [...keys].filter((key) => !isNewsPostKey(key)).sort()
  }

  /**
   * Reads the stored documents (`keys`, or all), and renders again what shows one whose
   * version changed since the pages were rendered.
   */
  const pass = async (cause: RenderReport['cause'], only?: readonly DocumentKey[]) => {
    const keys = readAll ? only : undefined
    const fresh = await entry.readStoredContent(backend, keys)
    const started = performance.now()
    const next = new Map(keys ? rows : [])
    for (const key of keys ?? []) next.delete(key)
    // The newest cards changed: every post was read again (see readStoredContent).
    if (keys?.includes('newsPosts'))
      for (const key of next.keys()) if (isNewsPostKey(key)) next.delete(key)
    // The teams changed: every view of them was read again (a team may have gone).
    if (keys?.includes('teams'))
      for (const key of next.keys()) if (isTeamViewKey(key)) next.delete(key)
    // The teams or the staff changed: every team's coaches were read again (made from both).
    if (keys?.includes('teams') || keys?.includes('staff'))
      for (const key of next.keys()) if (isTeamCoachesKey(key)) next.delete(key)
    // The events changed: every event page's row was read again (an event may have gone).
    if (keys?.includes('clinics'))
      for (const key of next.keys()) if (isEventPageKey(key)) next.delete(key)
    for (const row of fresh) next.set(row.key, row)
    const changed = new Set<DocumentKey>()
    for (const key of new Set([...Object.keys(state.versions), ...next.keys()]) as Set<DocumentKey>)
      if (state.versions[key] !== next.get(key)?.version) changed.add(key)
    rows = next
    // The pages left to the server are rendered from what is stored, from the first read on
    // (this process's server bundle holds nothing until it is given the rows).
    const mustHold = !readAll && deferred.size > 0
    readAll = true
    if (changed.size === 0 && failed.size === 0 && !mustHold) return
    entry.setStoredContent([...rows.values()], (message) => log(message))
    generation++
    state.versions = Object.fromEntries([...rows.values()].map((row) => [row.key, row.version]))

    const before = new Set(Object.keys(state.pages))
    const paths = routes.pathsFor(entry.documents())
    listed = new Set(paths)
    // A page left to the server is rendered from what is stored when it is; one whose item is gone is not.
    for (const path of deferred) if (!listed.has(path)) deferred.delete(path)
    const report: RenderReport = {
      changed: [...changed].sort(),
      rendered: [],
      removed: [],
      files: [],
      renderMs: 0,
      cause,
    }
    // A team's coaches the database keeps no row of are made from `teams` and `staff` when the
    // page renders (entry-server's withCoaches): a change of either changes them.
    const sourcesChanged = changed.has('teams') || changed.has('staff')
    const shows = (shown: Iterable<DocumentKey>) =>
      [...shown].some(
        (key) => changed.has(key) || (sourcesChanged && isTeamCoachesKey(key) && !rows.has(key)),
      )
    const toRender = paths.filter(
      (path) =>
        !deferred.has(path) && (!before.has(path) || failed.has(path) || shows(keysAt(path))),
    )
    failed.clear()
    for (const path of toRender) {
      try {
        const read = await writer.writePage(path)
        if (read) {
          state.pages[path] = read
          report.rendered.push(path)
        }
      } catch (error) {
        failed.add(path)
        log(`[live] could not render ${path}: ${(error as Error).message}; the last version stays`)
      }
      // Visitors' requests are answered between two pages, not after the last.
      await new Promise((done) => setImmediate(done))
    }
    for (const path of [...before].filter((path) => !listed.has(path))) {
      writer.removePage(path)
      delete state.pages[path]
      report.removed.push(path)
    }
    if (shows(new Set([...state.notFound, ...routes.keysShownAt('/__not-found__')]))) {
      state.notFound = await writer.writeNotFound()
      report.files.push('/404.html')
    }
    const pathsChanged =
      report.removed.length > 0 || paths.some((path) => !before.has(path) && !deferred.has(path))
    for (const output of writer.derived) {
      const uses = output.uses.some((use) => (use === 'paths' ? pathsChanged : changed.has(use)))
      if (!uses) continue
      const written = writer.writeDerived(
        output,
        Object.keys(state.pages),
        state.derived[output.name],
      )
      state.derived[output.name] = written
      report.files.push(...written)
    }
    // The search index follows the pages (scripts/search-index.ts): written again whole.
    if (report.rendered.length > 0 || report.removed.length > 0) {
      if (await writeSearch()) report.files.push('/pagefind/pagefind-entry.json')
    }
    writeManifest()
    report.renderMs = performance.now() - started
    options.onRender?.(report)
    log(
      `[live] ${report.changed.join(', ') || 'retry'} (${cause}): ${report.rendered.length} page(s) rendered, ${report.removed.length} removed, ${report.files.length} other file(s), ${report.renderMs.toFixed(0)} ms`,
    )
  }

  /** Indexes the pages on disk for search; whether it could. */
  const writeSearch = async () => {
    try {
      const search = await writeSearchIndex({
        outDir: options.outDir,
        paths: entry.sitemap().filter((path) => Object.hasOwn(state.pages, path)),
        keep: state.derived.search,
      })
      state.derived.search = search.written
      return true
    } catch (error) {
      log(`[live] could not index the pages for search: ${(error as Error).message}`)
      return false
    }
  }
  const writeManifest = () => {
    if (deferred.size > 0) state.deferred = [...deferred]
    else delete state.deferred
    writeFileAtomic(join(options.serverDir, SERVER_FILES.manifest), JSON.stringify(state))
  }

  /** Writes a page left to the server; a pass that took new content meanwhile renders it again. */
  const writeLeftPage = async (path: string) => {
    const at = generation
    const read = await writer.writePage(path)
    if (read) {
      state.pages[path] = read
      deferred.delete(path)
      if (generation !== at) failed.add(path)
    }
    return read
  }

  /**
   * Renders BACKGROUND_BATCH of the pages left to the server, then queues the next batch
   * behind any pass asked for meanwhile; after the last, indexes them all for search.
   */
  let backgroundStarted = 0
  let backgroundRendered = 0
  const renderLeftPages = async () => {
    if (closed) return
    backgroundStarted ||= performance.now()
    let done = 0
    for (const path of [...deferred]) {
      if (done === BACKGROUND_BATCH || closed) break
      done++
      try {
        if (await writeLeftPage(path)) backgroundRendered++
      } catch (error) {
        deferred.delete(path)
        failed.add(path)
        log(`[live] could not render ${path}: ${(error as Error).message}; tried again later`)
      }
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (closed) return
    if (deferred.size > 0) {
      running = running.then(inBackground)
      return
    }
    await writeSearch()
    writeManifest()
    log(
      `[live] ${backgroundRendered} page(s) the build left to the server rendered in the background, ${((performance.now() - backgroundStarted) / 1000).toFixed(1)} s`,
    )
  }

  const inBackground = () =>
    renderLeftPages().catch((error: unknown) =>
      log(`[live] could not render the pages left to the server: ${(error as Error).message}`),
    )

  // Passes run one at a time; keys asked for meanwhile are read together in the next.
  let running: Promise<void> = Promise.resolve()
  let queued: { keys: Set<DocumentKey> | 'all'; cause: RenderReport['cause'] } | undefined
  let closed = false
  const request = (cause: RenderReport['cause'], keys?: readonly DocumentKey[]) => {
    if (closed) return running
    if (!queued) {
      queued = { keys: keys ? new Set(keys) : 'all', cause }
      running = running.then(async () => {
        const job = queued
        queued = undefined
        if (!job || closed) return
        try {
          await pass(job.cause, job.keys === 'all' ? undefined : [...job.keys])
        } catch (error) {
          log(
            `[live] could not read the stored content (${(error as Error).message}); trying again later`,
          )
        }
      })
    } else if (!keys) queued.keys = 'all'
    else if (queued.keys !== 'all') for (const key of keys) queued.keys.add(key)
    return running
  }

  // The pages as built may already be older than what is stored (built earlier, or
  // without the backend): the first pass catches up. The pages left to the server follow.
  await request('start')
  if (deferred.size > 0) running = running.then(inBackground)

  let realtime: SaveFollower['realtime'] = options.realtime === false ? 'off' : 'joining'
  let feed: { close(): void } | undefined
  if (realtime !== 'off') {
    const connection = entry.createPublicRealtimeClient(backend)
    feed = entry.subscribeToContent({
      realtime: connection,
      keys: followedKeys(),
      onChange: (change) => void request('realtime', [change.key]),
      onNewsPost: (change) => void request('realtime', [change.key]),
      onStatus: (status, error) => {
        const was = realtime
        realtime = status === 'joined' ? 'joined' : status === 'joining' ? 'joining' : 'down'
        if (realtime === was) return
        if (realtime === 'joined') {
          log('[live] following saves over Realtime')
          // Whatever was saved before the join.
          void request('check')
        } else if (realtime === 'down')
          log(
            `[live] Realtime unavailable (${error?.message ?? status}); reading every ${fallbackMs / 1000} s`,
          )
      },
    })
  }

  let timer: NodeJS.Timeout | undefined
  let lastCheck = Date.now()
  const tick = () => {
    const every = realtime === 'joined' ? checkMs : fallbackMs
    if (Date.now() - lastCheck >= every) {
      lastCheck = Date.now()
      void request('check')
    }
    timer = setTimeout(tick, Math.min(1_000, fallbackMs))
  }
  timer = setTimeout(tick, Math.min(1_000, fallbackMs))

  return {
    get realtime() {
      return realtime
    },
    idle: async () => {
      // A pass may have been asked for meanwhile: wait until none is left.
      let current: Promise<void>
      do {
        current = running
        await current
      } while (current !== running)
    },
    renderOnRequest: createPageOnRequest({
      writer: { writePage: writeLeftPage },
      isWanted: (path) =>
        deferred.has(path) && listed.has(path) && !Object.hasOwn(state.pages, path),
      warn: log,
    }),
    close: async () => {
      closed = true
      clearTimeout(timer)
      feed?.close()
      await running
    },
  }
}
