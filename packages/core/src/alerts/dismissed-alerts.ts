/** Where dismissals live: for this browser session only, as the spec says. */
const STORAGE_KEY = 'club-site:dismissed-alerts:v1'

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>

function session(): SessionStore | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined // storage can be blocked (privacy settings); dismissals then last for the page view
  }
}

/** Reads the ids dismissed this session. Anything unreadable counts as none. */
export function readDismissed(store: SessionStore | undefined = session()): Set<string> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(STORAGE_KEY) ?? '[]')
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [])
  } catch {
    return new Set()
  }
}

/** Adds ids to this session's dismissals and returns the new set. */
export function dismiss(ids: readonly string[], store: SessionStore | undefined = session()): Set<string> {
  const next = readDismissed(store)
  for (const id of ids) next.add(id)
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify([...next]))
  } catch {
    // Quota or blocked storage: the dismissal still holds in memory for this page view.
  }
  return next
}
