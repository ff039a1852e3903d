import { alertPages } from '../../alerts/alert-visibility.ts'
import type { Alert } from '../../entities/alert.ts'
import { EditorDialog } from '../../ui/editor-dialog.tsx'
import type { RouteOption } from './alert-routes.ts'
import { routeOf } from './page-picker.tsx'
import type { Retirement } from './status-retirement.ts'

/** “Games on”, or the alert's type when it has no title. */
const quoted = (alert: Alert) => `“${alert.title.trim() || alert.status_type || 'Untitled'}”`

/** Where a status shows, for the question: "for Big Train 12U", "on every page". */
function forWhere(alert: Alert, routes: readonly RouteOption[]): string {
  const names = alertPages(alert).map((page) => routeOf(page, routes)?.label ?? page)
  if (names.length === 0) return 'on every page'
  return `for ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`
}

/**
 * Asks whether to retire the older statuses a save replaces (statusRetirements): retire them
 * and save, save and keep them (the newest still shows first), or go back to editing (Escape).
 * The one question of the alerts editor and of the field status editor's alert offer.
 *
 * @example
 * <RetireDialog retiring={retiring} routes={routes} onAnswer={saveAfterAsking}
 *   onCancel={() => setRetiring([])} />
 */
export function RetireDialog({
  retiring,
  routes,
  onAnswer,
  onCancel,
}: {
  retiring: readonly Retirement[]
  routes: readonly RouteOption[]
  onAnswer(retireThem: boolean): void
  onCancel(): void
}) {
  const one = retiring.length === 1 ? retiring[0] : undefined
  const title = one
    ? `Retire the older status ${quoted(one.old)} ${forWhere(one.old, routes)}?`
    : `Retire ${retiring.length} older statuses?`
  return (
    <EditorDialog
      open={retiring.length > 0}
      title={title}
      description={
        <>
          The newest status is the decision families see.{' '}
          {retiring
            .map(({ old, by }) => `${quoted(by)} replaces ${quoted(old)} ${forWhere(old, routes)}.`)
            .join(' ')}{' '}
          Retiring turns {one ? 'it' : 'them'} off: {one ? 'it stays' : 'they stay'} in the list and
          in the history.
        </>
      }
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="btn btn--outline" onClick={() => onAnswer(false)}>
            Keep {one ? 'it' : 'them'} and save
          </button>
          <button type="button" className="btn btn--primary" onClick={() => onAnswer(true)}>
            Retire and save
          </button>
        </>
      }
    >
      {!one && (
        <ul className="alerts-editor__retiring">
          {retiring.map(({ old }) => (
            <li key={old.id}>
              {quoted(old)} {forWhere(old, routes)}
            </li>
          ))}
        </ul>
      )}
    </EditorDialog>
  )
}
