/**
 * Where dismissals live: for this browser session only, as the spec says. Each entry is an
 * alert's `dismissalKey` (its id and what it says), so an alert whose text changes after
 * it was dismissed shows again. (v1 held bare ids, which hid a changed alert.)
 */
export const DISMISSED_ALERTS_KEY = 'club-site:dismissed-alerts:v2'

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>

function session(): SessionStore | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined // storage can be blocked (privacy settings); dismissals then last for the page view
  }
}

/** Reads the dismissal keys of this session. Anything unreadable counts as none. */
export function readDismissed(store: SessionStore | undefined = session()): Set<string> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(DISMISSED_ALERTS_KEY) ?? '[]')
    return new Set(
      Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [],
    )
  } catch {
    return new Set()
  }
}

/** Adds dismissal keys to this session's dismissals and returns the new set. */
export function dismiss(
  ids: readonly string[],
  store: SessionStore | undefined = session(),
): Set<string> {
  const next = readDismissed(store)
  for (const id of ids) next.add(id)
  try {
    store?.setItem(DISMISSED_ALERTS_KEY, JSON.stringify([...next]))
  } catch {
    // Quota or blocked storage: the dismissal still holds in memory for this page view.
  }
  return next
}

const EMPTY: ReadonlySet<string> = new Set()
let snapshot: ReadonlySet<string> | undefined
const listeners = new Set<() => void>()

/**
 * This session's dismissals as an external store for `useSyncExternalStore`: the server
 * snapshot (and so hydration) is empty; the browser's is read from sessionStorage.
 */
export const dismissedAlerts = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  getSnapshot: (): ReadonlySet<string> => (snapshot ??= readDismissed()),
  getServerSnapshot: (): ReadonlySet<string> => EMPTY,
  dismiss(ids: readonly string[]) {
    snapshot = dismiss(ids)
    for (const listener of listeners) listener()
  },
}
