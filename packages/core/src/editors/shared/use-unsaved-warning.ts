import { useEffect } from 'react'

/**
 * While `dirty`, asks the browser to confirm before the page is reloaded or closed, so a draft
 * is not lost to a stray reload. (Moving to another admin screen is not guarded: the app's
 * router has no navigation blocker.)
 *
 * @example
 * useUnsavedWarning(dirty)
 */
export function useUnsavedWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
}
