import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import { useContent } from '../../content/content-provider.tsx'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import { useFamilyAlerts } from '../../forms/family-alerts-context.tsx'
import type { AlertFollow, FamilyAlertsResult, MyAlerts } from '../../forms/family-alerts-types.ts'
import { MyAlertsPage, myAlertsMeta } from '../../pages/family-alerts/my-alerts-page.tsx'
import type { AlertOption, MyAlertsState } from '../../pages/family-alerts/my-alerts-page.tsx'
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
  const teams = useContent('teams')
  const programsContent = useContent('programsContent')
  const fieldsContent = useContent('fieldsContent')
  const [state, setState] = useState<MyAlertsState>()
  const token = useRef('')

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
