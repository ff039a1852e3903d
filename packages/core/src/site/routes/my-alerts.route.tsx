import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import { useContent } from '../../content/content-provider.tsx'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import { useFamilyAlerts } from '../../forms/family-alerts-context.tsx'
import type { AlertFollow, FamilyAlertsResult, MyAlerts } from '../../forms/family-alerts-types.ts'
import { MyAlertsPage, myAlertsMeta } from '../../pages/family-alerts/my-alerts-page.tsx'
import type {
  AlertOption,
  DeviceAlertsState,
  MyAlertsState,
} from '../../pages/family-alerts/my-alerts-page.tsx'
import { thisDeviceSubscription } from '../../pages/family-alerts/push-device.ts'
import { useHydrated } from '../../pages/schedule/use-hydrated.ts'
import { paths } from '../../routing/public-paths.ts'
import { useHead } from '../head.tsx'

/** The signed token of the address bar's fragment: `#confirm=…` or `#token=…`. */
function linkFromHash(hash: string): { confirm?: string; token?: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  return { confirm: params.get('confirm') ?? undefined, token: params.get('token') ?? undefined }
}

/**
 * /my-alerts: reads the signed link from the fragment (never sent to a server, never
 * prerendered), confirms or opens the address's alerts, and keeps the fresh manage token in
 * the address bar so that a reload works.
 */
export default function MyAlertsRoute() {
  useHead({ ...myAlertsMeta(), path: paths.myAlerts() })
  const service = useFamilyAlerts()
  const teams = useContent('teamNames')
  const programsContent = useContent('programsContent')
  const fieldsContent = useContent('fieldsContent')
  const [state, setState] = useState<MyAlertsState>()
  const token = useRef('')
  // This device's push subscription, when it has one the club knows: its key to its alerts.
  const [device, setDevice] = useState<DeviceAlertsState>()
  const subscription = useRef<PushSubscription>(undefined)

  const options = useMemo<AlertOption[]>(
    () => [
      ...Object.values(teams)
        .map((team) => ({
          kind: 'team' as const,
          ref: team.id,
          name: team.name,
          group: 'Teams' as const,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      ...PROGRAM_SLUGS.filter((slug) => Object.hasOwn(programsContent, slug)).map((slug) => ({
        kind: 'program' as const,
        ref: slug,
        name: programsContent[slug].name,
        group: 'Programs' as const,
      })),
      ...fieldsContent.fields.map((field) => ({
        kind: 'field' as const,
        ref: field.id,
        name: field.name,
        group: 'Fields' as const,
      })),
      { kind: 'club', ref: '', name: 'All fields and teams', group: 'Whole club' },
    ],
    [teams, programsContent, fieldsContent],
  )

  const show = useCallback(
    (
      result: FamilyAlertsResult<MyAlerts>,
      extra: Partial<Extract<MyAlertsState, { kind: 'ready' }>> = {},
    ) => {
      if (!result.ok) {
        setState((previous) =>
          previous?.kind === 'ready' && !result.expired
            ? { ...previous, busy: false, notice: undefined, error: result.message }
            : { kind: 'failed', message: result.message },
        )
        return
      }
      token.current = result.value.token
      window.history.replaceState(
        window.history.state,
        '',
        `${paths.myAlerts()}#token=${result.value.token}`,
      )
      setState({ kind: 'ready', alerts: result.value, ...extra })
    },
    [],
  )

  // The fragment is read once the page runs in the browser (a prerendered page has none).
  const hydrated = useHydrated()
  const link = useMemo(
    () => (hydrated ? linkFromHash(window.location.hash) : undefined),
    [hydrated],
  )
  useEffect(() => {
    if (!service || !link) return
    if (link.confirm)
      void service.confirm(link.confirm).then((result) => show(result, { justConfirmed: true }))
    else if (link.token) void service.manage(link.token).then((result) => show(result))
  }, [service, link, show])
  useEffect(() => {
    const manage = service?.pushManage
    if (!hydrated || !manage) return
    let current = true
    void thisDeviceSubscription().then(async (found) => {
      if (!found || !current) return
      subscription.current = found
      const result = await manage(found.endpoint)
      // A device the club sends nothing (or that cannot be asked now) shows no device part.
      if (current && result.ok) setDevice({ kind: 'ready', alerts: result.value })
    })
    return () => {
      current = false
    }
  }, [hydrated, service])

  /** Runs a change of this device's alerts, then shows what it follows now. */
  const deviceAct = (
    run: (found: PushSubscription) => Promise<FamilyAlertsResult<void>>,
    notice: string,
  ) => {
    const found = subscription.current
    const manage = service?.pushManage
    if (!found || !manage) return
    setDevice((previous) =>
      previous?.kind === 'ready' ? { ...previous, busy: true, error: undefined } : previous,
    )
    void run(found).then(async (done) => {
      const listed = await manage(found.endpoint)
      setDevice((previous) => {
        if (listed.ok)
          return done.ok
            ? { kind: 'ready', alerts: listed.value, notice }
            : { kind: 'ready', alerts: listed.value, error: done.message }
        return previous?.kind === 'ready'
          ? { ...previous, busy: false, notice: undefined, error: listed.message }
          : previous
      })
    })
  }

  const shown: MyAlertsState =
    state ??
    (!link
      ? { kind: 'loading' }
      : !service
        ? { kind: 'failed', message: 'Alerts are not available here.' }
        : !link.confirm && !link.token
          ? { kind: 'no-link' }
          : { kind: 'loading' })

  const act = (run: () => Promise<FamilyAlertsResult<MyAlerts>>, notice: string) => {
    setState((previous) =>
      previous?.kind === 'ready' ? { ...previous, busy: true, error: undefined } : previous,
    )
    void run().then((result) => show(result, { notice }))
  }
  const nameOf = (follow: AlertFollow) =>
    options.find((option) => option.kind === follow.kind && option.ref === follow.ref)?.name ?? 'it'

  return (
    <MyAlertsPage
      state={shown}
      options={options}
      device={device}
      onDeviceFollow={(follow) =>
        service &&
        deviceAct(
          (found) => service.pushSubscribe({ subscription: found.toJSON(), follow }),
          `Added on this device: ${nameOf(follow)}.`,
        )
      }
      onDeviceUnfollow={(follow) =>
        service &&
        deviceAct(
          (found) => service.pushUnsubscribe({ endpoint: found.endpoint, follow }),
          `Removed from this device: ${nameOf(follow)}.`,
        )
      }
      onDeviceStop={() => {
        const found = subscription.current
        if (!service || !found) return
        setDevice((previous) =>
          previous?.kind === 'ready' ? { ...previous, busy: true, error: undefined } : previous,
        )
        void service.pushUnsubscribe({ endpoint: found.endpoint }).then(async (result) => {
          if (!result.ok) {
            setDevice((previous) =>
              previous?.kind === 'ready'
                ? { ...previous, busy: false, notice: undefined, error: result.message }
                : previous,
            )
            return
          }
          // The club forgot the device; the browser drops its subscription too.
          await found.unsubscribe().catch(() => false)
          subscription.current = undefined
          setDevice({ kind: 'stopped' })
        })
      }}
      onFollow={(follow) =>
        service && act(() => service.follow(token.current, follow), `Added: ${nameOf(follow)}.`)
      }
      onUnfollow={(follow) =>
        service && act(() => service.unfollow(token.current, follow), `Removed: ${nameOf(follow)}.`)
      }
      onUnsubscribe={() =>
        service &&
        act(
          () => service.unsubscribe(token.current),
          'You are unsubscribed: no more alerts will be sent.',
        )
      }
      onDelete={() => {
        if (!service) return
        void service.deleteAll(token.current).then((result) => {
          if (result.ok) {
            window.history.replaceState(window.history.state, '', paths.myAlerts())
            setState({ kind: 'deleted' })
          } else
            setState((previous) =>
              previous?.kind === 'ready'
                ? { ...previous, error: result.message }
                : { kind: 'failed', message: result.message },
            )
        })
      }}
    />
  )
}
