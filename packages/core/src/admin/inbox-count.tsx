import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import { useAdminDeps } from '../auth/admin-deps.tsx'
import { createFormInbox } from './form-inbox.ts'

/** The inbox's unread count, for the sidebar and Admin home. */
export type InboxCount = {
  /** Unread messages; undefined until first counted (or when it could not be). */
  count: number | undefined
  /** Counts again now (the inbox calls it after each change it makes). */
  refresh(): void
}

/** How often the count is asked again while a screen stays open (new messages arrive any time). */
export const INBOX_COUNT_INTERVAL_MS = 60_000

const InboxCountContext = createContext<InboxCount>({ count: undefined, refresh: () => {} })

/**
 * Counts the unread form submissions for staff: on sign-in, every minute, when the window
 * comes back into view, and when the inbox says it changed one. A failed count keeps the last
 * one (the inbox itself says when messages cannot be loaded).
 */
export function InboxCountProvider({
  enabled,
  children,
}: {
  /** Staff only: for anyone else the database would answer 0 anyway. */
  enabled: boolean
  children: ReactNode
}) {
  const { client } = useAdminDeps()
  const inbox = useMemo(() => createFormInbox(client), [client])
  const [count, setCount] = useState<number | undefined>()
  const latest = useRef(0)
  const refresh = useCallback(() => {
    if (!enabled) return
    const asked = ++latest.current
    inbox.unreadCount().then(
      (unread) => {
        if (asked === latest.current) setCount(unread)
      },
      () => {},
    )
  }, [enabled, inbox])
  useEffect(() => {
    // Not staff: nothing is counted, and the value below says undefined.
    if (!enabled) return
    refresh()
    const timer = setInterval(refresh, INBOX_COUNT_INTERVAL_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [enabled, refresh])
  const value = useMemo(
    () => ({ count: enabled ? count : undefined, refresh }),
    [enabled, count, refresh],
  )
  return <InboxCountContext.Provider value={value}>{children}</InboxCountContext.Provider>
}

/** The unread count and a way to ask for it again. */
export function useInboxCount(): InboxCount {
  return useContext(InboxCountContext)
}

/** "1 unread message", "3 unread messages". */
export function unreadText(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`
}
