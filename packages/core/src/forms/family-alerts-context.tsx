import { createContext, useContext, useMemo } from 'react'
import type { ReactNode } from 'react'

import type { FamilyAlertsService } from './family-alerts-types.ts'

/** Loads the families' alerts calls (forms/family-alerts.ts) on first use; an app provides it. */
export type FamilyAlertsLoader = () => Promise<FamilyAlertsService>

/** IMPORTANT: in every page's first bundle, as the form sender's context is: keep it small. */
const FamilyAlertsContext = createContext<FamilyAlertsLoader | null>(null)

/** Gives the site's "Get alerts" and "My alerts" the app's way to load the calls. */
export function FamilyAlertsProvider({
  load,
  children,
}: {
  load: FamilyAlertsLoader
  children: ReactNode
}) {
  return <FamilyAlertsContext.Provider value={load}>{children}</FamilyAlertsContext.Provider>
}

const UNREACHABLE =
  "We could not reach the club's server. Check your connection, then try again: nothing was lost."

/** The calls, loaded on first use (a failed load is told as unreachable, and tried again next time). */
export function lazyFamilyAlerts(load: FamilyAlertsLoader): FamilyAlertsService {
  let loading: Promise<FamilyAlertsService> | undefined
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  const lazy =
    <A extends unknown[], R>(pick: (service: FamilyAlertsService) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      let service: FamilyAlertsService
      try {
        service = await get()
      } catch {
        return { ok: false, message: UNREACHABLE } as R
      }
      return pick(service)(...args)
    }
  return {
    subscribe: lazy((service) => service.subscribe),
    confirm: lazy((service) => service.confirm),
    manage: lazy((service) => service.manage),
    follow: lazy((service) => service.follow),
    unfollow: lazy((service) => service.unfollow),
    unsubscribe: lazy((service) => service.unsubscribe),
    deleteAll: lazy((service) => service.deleteAll),
    pushKey: lazy((service) => service.pushKey),
    pushSubscribe: lazy((service) => service.pushSubscribe),
    pushUnsubscribe: lazy((service) => service.pushUnsubscribe),
    pushManage: lazy((service) => service.pushManage),
  }
}

/** The app's families' alerts calls, or undefined where no app provides them (no button then). */
export function useFamilyAlerts(): FamilyAlertsService | undefined {
  const load = useContext(FamilyAlertsContext)
  return useMemo(() => (load ? lazyFamilyAlerts(load) : undefined), [load])
}
