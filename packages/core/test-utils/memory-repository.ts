import { ContentError } from '../src/content/content-repository.ts'
import type { ContentRepository, StoredDocument } from '../src/content/content-repository.ts'

/**
 * An in-memory implementation of the content repository's contract, for unit tests
 * that drive time with fake timers (real HTTP and fake timers do not mix). It keeps
 * the database's version rule: a save naming a stale version is refused as a
 * conflict. The contract tests run the same store against the real local server.
 */
export type MemoryRepository = Pick<ContentRepository, 'read' | 'save'> & {
  rows: Map<string, StoredDocument>
  /** Every call, in order. */
  calls: ({ op: 'read'; keys: string[] } | { op: 'save'; key: string; baseVersion: number })[]
  /** When set, the next calls fail like an unreachable backend (kind 'unavailable'). */
  offline: boolean
  /** When set, saves are refused like a non-staff user's (kind 'forbidden'). */
  forbidden: boolean
  /** When set, reads fail with this message. */
  failReads: string | undefined
  /** Milliseconds each call takes (with fake timers, advance them). */
  latencyMs: number
  /** Stores a document as another editor would (bumps the version). */
  storeAsSomeoneElse(key: string, value: unknown): number
  reads(): string[][]
  saves(): { key: string; baseVersion: number }[]
}

/** Creates a repository over a Map, optionally with stored documents (version 1 each). */
export function createMemoryRepository(initial: Record<string, unknown> = {}): MemoryRepository {
  const rows = new Map<string, StoredDocument>()
  const stamp = () => new Date().toISOString()
  for (const [key, value] of Object.entries(initial)) {
    rows.set(key, { key, value: structuredClone(value), version: 1, updatedAt: stamp() })
  }
  const wait = (ms: number) =>
    ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
  const unavailable = () =>
    new ContentError({ kind: 'unavailable', status: 0, message: 'TypeError: fetch failed' })

  const repository: MemoryRepository = {
    rows,
    calls: [],
    offline: false,
    forbidden: false,
    failReads: undefined,
    latencyMs: 0,
    storeAsSomeoneElse(key, value) {
      const version = (rows.get(key)?.version ?? 0) + 1
      rows.set(key, { key, value: structuredClone(value), version, updatedAt: stamp() })
      return version
    },
    reads: () => repository.calls.flatMap((call) => (call.op === 'read' ? [call.keys] : [])),
    saves: () =>
      repository.calls.flatMap((call) =>
        call.op === 'save' ? [{ key: call.key, baseVersion: call.baseVersion }] : [],
      ),
    async read(keys, held = {}) {
      repository.calls.push({ op: 'read', keys: [...keys] })
      await wait(repository.latencyMs)
      if (repository.offline) throw unavailable()
      if (repository.failReads !== undefined) {
        throw new ContentError({ kind: 'unavailable', status: 503, message: repository.failReads })
      }
      // As the database's filter does: a key held at the version stored now is left out.
      return keys.flatMap((key) => {
        const row = rows.get(key)
        return row && held[key] !== row.version ? [structuredClone(row)] : []
      })
    },
    async save(key, value, baseVersion) {
      repository.calls.push({ op: 'save', key, baseVersion })
      await wait(repository.latencyMs)
      if (repository.offline) throw unavailable()
      if (repository.forbidden) {
        throw new ContentError({
          kind: 'forbidden',
          status: 403,
          code: '42501',
          message: 'new row violates row-level security policy for table "website_content"',
        })
      }
      const current = rows.get(key)?.version ?? 0
      if (current !== baseVersion) {
        throw new ContentError({
          kind: 'conflict',
          status: 409,
          code: 'PT409',
          message: `Content conflict on "${key}": stored version is ${current}, this save started from ${baseVersion}`,
          currentVersion: current,
        })
      }
      rows.set(key, {
        key,
        value: structuredClone(value),
        version: current + 1,
        updatedAt: stamp(),
      })
      return { version: current + 1 }
    },
  }
  return repository
}
