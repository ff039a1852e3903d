import { useId, useState } from 'react'

import { alertPages, pageOf } from '../../alerts/alert-visibility.ts'
import type { Alert } from '../../entities/alert.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { ROUTE_GROUPS } from './alert-routes.ts'
import type { RouteOption } from './alert-routes.ts'
import pickerCss from './page-picker.css?inline'

/** The route a target page names (`fields` and `/fields/` both name `/fields`), if listed. */
export function routeOf(
  targetPage: string,
  routes: readonly RouteOption[],
): RouteOption | undefined {
  return routes.find((route) => pageOf(route.path) === pageOf(targetPage))
}

/** How a chosen page reads: its name and path, or its path when the site does not list it. */
export function pageName(page: string, routes: readonly RouteOption[]): string {
  const route = routeOf(page, routes)
  return route ? `${route.label} (${route.path})` : `${page} (not in the site's list)`
}

/**
 * Chosen pages in words: one by its name and path, a few by name, many by the first two and a
 * count. Undefined for none (every page).
 */
export function pagesInWords(
  pages: readonly string[],
  routes: readonly RouteOption[],
): string | undefined {
  if (pages.length === 0) return undefined
  const [only] = pages
  if (pages.length === 1 && only !== undefined) {
    const route = routeOf(only, routes)
    return route ? `${route.label} (${route.path})` : only
  }
  const names = pages.map((page) => routeOf(page, routes)?.label ?? page)
  if (names.length <= 3) return names.join(', ')
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more pages`
}

/** Where the alert shows, in words: every page, or the pages it targets. */
export function whereItShows(alert: Alert, routes: readonly RouteOption[]): string {
  const words = pagesInWords(alertPages(alert), routes)
  return words ? `Only on ${words}` : 'Every page'
}

/** The changes that limit the alert to `pages` (none: every page). */
export function pagesPatch(pages: readonly string[]): Pick<Alert, 'targetPage' | 'morePages'> {
  const [first, ...more] = pages
  return { targetPage: first, morePages: more.length > 0 ? more : undefined }
}

const matches = (route: RouteOption, words: string[]) => {
  const text = `${route.label} ${route.path} ${route.group ?? ''}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

/** Props of {@link PagePicker}. */
export type PagePickerProps = {
  /** Where it shows now: the alert's own pages, or an announcement form's. */
  alert: Pick<Alert, 'targetPage' | 'morePages'>
  routes: readonly RouteOption[]
  error?: string | undefined
  onChange(patch: Pick<Alert, 'targetPage' | 'morePages'>): void
}

/**
 * "Show on": every page, or the pages chosen from every page the site lists (grouped as site
 * pages, programs, teams, events and news posts), found with a search field and ticked as
 * checkboxes. Native controls only, so it works by keyboard and with a screen reader as any
 * form does; the list scrolls within a fixed height, at 390 px too.
 *
 * @example
 * <PagePicker alert={alert} routes={alertRoutes(documents)} onChange={(patch) => set(patch)} />
 */
export function PagePicker({ alert, routes, error, onChange }: PagePickerProps) {
  const id = useId()
  const chosen = alertPages(alert)
  // "Chosen pages" with none ticked yet is the screen's state, not the alert's: stored, an
  // alert without pages shows everywhere, which the picker says until one is ticked.
  const [choosing, setChoosing] = useState(chosen.length > 0)
  const [search, setSearch] = useState('')
  const limited = choosing || chosen.length > 0
  const chosenPages = new Set(chosen.map(pageOf))
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const found = routes.filter((route) => matches(route, words))
  const groups = [...ROUTE_GROUPS, undefined].flatMap((group) => {
    const members = found.filter((route) => route.group === group)
    return members.length > 0 ? [{ group: group ?? 'Pages', members }] : []
  })

  const toggle = (route: RouteOption, on: boolean) => {
    const next = on
      ? [...chosen, route.path]
      : chosen.filter((page) => pageOf(page) !== pageOf(route.path))
    onChange(pagesPatch(next))
  }

  return (
    <>
      <AdminStyle id="club-page-picker" css={pickerCss} />
      <fieldset
        className={`alerts-editor__pages${error ? ' editor-field--invalid' : ''}`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <legend className="editor-field__label">Show on</legend>
        <div className="alerts-editor__page-mode">
          <label>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={!limited}
              onChange={() => {
                setChoosing(false)
                onChange(pagesPatch([]))
              }}
            />
            Every page
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={limited}
              onChange={() => setChoosing(true)}
            />
            Only on chosen pages
          </label>
        </div>
        {limited && (
          <>
            <p className="alerts-editor__chosen" id={`${id}-chosen`} role="status">
              {chosen.length === 0
                ? 'No page chosen yet: until you tick one, it shows on every page.'
                : `Shows on ${chosen.length === 1 ? '1 page' : `${chosen.length} pages`}: ${chosen
                    .map((page) => routeOf(page, routes)?.label ?? page)
                    .join(', ')}.`}
            </p>
            {chosen
              .filter((page) => !routeOf(page, routes))
              .map((page) => (
                <label key={page} className="alerts-editor__page">
                  <input
                    type="checkbox"
                    checked
                    onChange={() => toggle({ path: page, label: page }, false)}
                  />
                  {pageName(page, routes)}
                </label>
              ))}
            <div className="editor-field">
              <label className="editor-field__label" htmlFor={`${id}-search`}>
                Find a page
              </label>
              <p className="editor-field__hint" id={`${id}-search-hint`}>
                A team, program, event or page name, such as “12U”.
              </p>
              <input
                id={`${id}-search`}
                className="editor-field__control"
                type="search"
                value={search}
                aria-describedby={`${id}-search-hint`}
                aria-controls={`${id}-list`}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="alerts-editor__page-list" id={`${id}-list`}>
              {groups.length === 0 && (
                <p className="alerts-editor__empty">No page matches “{search.trim()}”.</p>
              )}
              {groups.map(({ group, members }) => (
                <fieldset key={group} className="alerts-editor__page-group">
                  <legend>{group}</legend>
                  {members.map((route) => (
                    <label key={route.path} className="alerts-editor__page">
                      <input
                        type="checkbox"
                        checked={chosenPages.has(pageOf(route.path))}
                        onChange={(event) => toggle(route, event.target.checked)}
                      />
                      <span>
                        {route.label} <span className="alerts-editor__path">{route.path}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              ))}
            </div>
          </>
        )}
        {error && (
          <p className="editor-field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </fieldset>
    </>
  )
}
