import { afterEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import { recordLogs } from '../../test-utils/notices.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments, ContentKey } from '../entities/content-keys.ts'
import { createContentStore } from './content-store.ts'
import { entitiesCatalog } from './entities-catalog.ts'

/*
 * Stored documents are hostile until read: 10,000 junk items must neither stall a page nor
 * flood the console. Reading stops at a list's limit, or once junk outnumbers what a list holds
 * of value, and each document is logged in one line with a count.
 */

const JUNK_ITEMS = 10_000
/**
 * Generous for a 2-core machine running other suites beside this one (the best of five took up
 * to 100 ms there), yet far below the seconds such documents used to take. `pnpm bench:content`
 * style figures belong in a benchmark; this only guards against the quadratic reading returning.
 */
const BOUND_MS = 400

const junk = (i: number) => ({
  id: `junk-${i}`,
  name: i,
  title: null,
  dates: 'soon',
  programSlug: 'nowhere',
  nested: { list: [1, 2, 3], text: 'x'.repeat(50) },
})

const programs = structuredClone(DEFAULT_CONTENT.programsContent) as Record<string, unknown>
const select = programs.select as { tryouts: { teams: unknown[] }; staff: unknown[] }
select.tryouts.teams = Array.from({ length: JUNK_ITEMS }, (_, i) => junk(i))

const JUNK_DOCUMENTS: [ContentKey, unknown][] = [
  ['programsContent', programs],
  ['newsPosts', Array.from({ length: JUNK_ITEMS }, (_, i) => junk(i))],
  [
    'teams',
    Object.fromEntries(Array.from({ length: JUNK_ITEMS }, (_, i) => [`team-${i}`, junk(i)])),
  ],
  ['alumni', { mlbDraftPicks: [], collegeCommits: Array.from({ length: JUNK_ITEMS }, junk) }],
  ['staff', Array.from({ length: JUNK_ITEMS }, (_, i) => [i])],
]

/** The fastest of a few runs, so that a busy machine does not decide the outcome. */
function bestOf(runs: number, run: () => void): number {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    run()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

afterEach(() => {
  vi.useRealTimers()
})

describe('a document of 10,000 junk items', () => {
  it.each(JUNK_DOCUMENTS)(
    `should parse %s in under ${BOUND_MS} ms and count every refused item`,
    (key, stored) => {
      let rejected = 0
      const ms = bestOf(5, () => {
        rejected = entitiesCatalog.parse(key, stored).rejected ?? 0
      })
      expect(ms).toBeLessThan(BOUND_MS)
      expect(rejected).toBe(JUNK_ITEMS)
    },
  )

  it('should be logged in exactly one line per document, with the count', async () => {
    vi.useFakeTimers()
    const logs = recordLogs()
    const store = createContentStore<ContentDocuments>({
      repository: createMemoryRepository(Object.fromEntries(JUNK_DOCUMENTS)),
      catalog: entitiesCatalog,
      logger: logs.logger,
      events: null,
    })
    store.start()
    await vi.advanceTimersByTimeAsync(1000)
    // A stored document is parsed (and its refusals logged) when something first shows it.
    expect(logs.warnings).toHaveLength(0)
    for (const [key] of JUNK_DOCUMENTS) store.get(key)
    for (const [key] of JUNK_DOCUMENTS) store.get(key)
    store.dispose()

    expect(logs.warnings).toHaveLength(JUNK_DOCUMENTS.length)
    for (const [key] of JUNK_DOCUMENTS) {
      const lines = logs.warnings.filter((line) => line.includes(`"${key}"`))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(`[content] 10000 parts of "${key}" refused`)
    }
    expect(store.get('newsPosts')).toEqual([])
  })
})
