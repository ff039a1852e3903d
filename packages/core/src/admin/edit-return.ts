import { createContext, useContext, useEffect, useState } from 'react'
import { useLocation } from 'react-router'

import { ADMIN_HOME } from '../routing/admin-paths.ts'

/**
 * Where "Done" in edit mode leads: the admin screen last shown in this app before edit mode
 * opened. A holder per admin area (one per app), written by the admin shell as its screens
 * are shown and read by edit mode when it opens.
 */
export type EditReturn = {
  remember(path: string): void
  last(): string | undefined
}

/** A new holder, empty until an admin screen is shown. */
export function createEditReturn(): EditReturn {
  let last: string | undefined
  return {
    remember(path) {
      last = path
    },
    last: () => last,
  }
}

/** The area's holder; provided by its `AuthArea`. */
export const EditReturnContext = createContext<EditReturn>(createEditReturn())

/** Notes the admin screen now shown (its address with its query) as where edit mode returns to. */
export function useRememberScreen(enabled: boolean): void {
  const holder = useContext(EditReturnContext)
  const { pathname, search } = useLocation()
  useEffect(() => {
    if (enabled) holder.remember(`${pathname}${search}`)
  }, [holder, enabled, pathname, search])
}

/**
 * The address "Done" leads back to, fixed when edit mode opens: the admin screen it was opened
 * from, or the admin home when it was opened directly (a typed address, a reload, a new tab).
 */
export function useEditReturn(): string {
  const holder = useContext(EditReturnContext)
  const [to] = useState(() => holder.last() ?? ADMIN_HOME)
  return to
}
