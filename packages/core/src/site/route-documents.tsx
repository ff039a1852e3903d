import { use, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import type { ReactNode } from 'react'

import { useOptionalContentStore } from '../content/content-provider.tsx'
import type { SiteContentStore } from '../content/content-provider.tsx'
import type { DocumentKey } from '../entities/content-keys.ts'
import { keysShownAt } from './shown-keys.ts'

/*
 * A page's documents come before the page (issue 35 §3). The reads at start keep to what the
 * page opened first shows; a page opened later reads the documents it shows that no read has
 * asked for yet, and shows once they have answered: never the built-in samples in the
 * meantime. A read that fails shows what the spec says a failed background read shows (the
 * defaults), except offline, where a link keeps the visitor where they are (offline-moves.tsx).
 */

/** Whether `key` can show now: answered or failed, or on its way with a document to show meanwhile. */
function canShow(store: SiteContentStore, key: DocumentKey): boolean {
  const status = store.keyStatus(key)
  if (status === 'loaded' || status === 'failed') return true
  return status === 'loading' && store.holds(key)
}

/** One read per store and set of keys while it is on its way, so that every render waits on the same one. */
const waits = new WeakMap<SiteContentStore, Map<string, Promise<void>>>()

/**
 * Undefined when every one of `keys` can show now; else the read of those not asked for yet,
 * started once (the same promise until it settles).
 */
export function documentsWait(
  store: SiteContentStore,
  keys: readonly DocumentKey[],
): Promise<void> | undefined {
  // The reads at start first (a render may come before the provider's effect starts them).
  store.start()
  if (keys.every((key) => canShow(store, key))) return undefined
  let byKeys = waits.get(store)
  if (!byKeys) waits.set(store, (byKeys = new Map()))
  const id = keys.join(' ')
  let wait = byKeys.get(id)
  if (!wait) {
    const settle = () => void byKeys.delete(id)
    wait = store.ensure(keys).then(settle, settle)
    byKeys.set(id, wait)
  }
  return wait
}

/**
 * Undefined when the page at `path` can show its documents now; else their read (see
 * documentsWait), which rejects when a document it shows could not be read and the page has
 * nothing stored to show instead: a link then treats it as code that could not load (offline,
 * the visitor stays; online, the page shows what a failed background read shows).
 */
export function pageDocumentsWait(
  store: SiteContentStore,
  path: string,
): Promise<void> | undefined {
  const keys = keysShownAt(path)
  return documentsWait(store, keys)?.then(() => {
    const unread = keys.filter((key) => store.keyStatus(key) === 'failed' && !store.holds(key))
    if (unread.length > 0) throw new Error(`could not read ${unread.join(', ')}`)
  })
}

const noSubscription = () => () => {}

/**
 * Shows `children` (a page) once the documents its address shows (keysShownAt) can show: while a read of documents
 * the page shows and no read had asked for is on its way, it suspends (the layout shows its
 * loading state, as for the page's code). Prerendering and hydration render the page as built.
 */
export function RouteDocuments({ children }: { children: ReactNode }) {
  // The address's, not its route's: a team page shows its own team (see shown-keys.ts).
  const keys = keysShownAt(useLocation().pathname)
  const store = useOptionalContentStore()
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
  const wait = store && !hydrating ? documentsWait(store, keys) : undefined
  if (wait) use(wait)
  return children
}
