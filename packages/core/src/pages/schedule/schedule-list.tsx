import { createContext, useContext, useRef } from 'react'

import { EditableText } from '../../editing/editable.tsx'
import type { Field } from '../../entities/fields-content.ts'
import { FieldAccessNote } from '../fields/field-access.tsx'
import {
  directionsLink,
  ENTRY_KIND_LABELS,
  ENTRY_STATUS_LABELS,
  entryHeadline,
  entryPlace,
} from '../../calendar/schedule-text.ts'
import { MarkedLink } from '../program/external-mark.tsx'
import { ShowMore, usePaging } from '../shared/paged-list.tsx'
import { SmartLink } from '../shared/smart-link.tsx'
import { storedItem } from '../shared/stored-item.ts'
import type { FieldStatus } from '../../entities/fields-content.ts'
import { fieldStatusOn } from '../fields/field-status.ts'
import { formatEntryDay, groupByDate, type ScheduleRow } from './season-schedule.ts'
import './schedule-list.css'
import { paths } from '../../routing/public-paths.ts'

/** Props of {@link ScheduleList}. */
export type ScheduleListProps = {
  rows: readonly ScheduleRow[]
  /** The club's fields (content key `fieldsContent`), to name and link each entry's field. */
  fields: readonly Field[]
  /** Whether each entry names its team (off on a team's own page). */
  showTeam: boolean
  /** Show this many dates first, with a "Show more" button for the rest (all when unset). */
  pageSize?: number
}

/**
 * Whether the fields' statuses shown beside entries may be older than the stored ones (before
 * the content read answers): they keep their place but stay unseen. The route provides it.
 */
export const FieldStatusHeldContext = createContext(false)

const FIELD_STATE_TEXT: Record<FieldStatus, string> = {
  open: 'Field open',
  closed: 'Field closed',
  'check-back': 'Field: check back',
}

/**
 * The field's status beside an entry, held (unseen) while it may be stale; nothing when the
 * field has no status for the entry's day (today's "open" is not next April's).
 */
function FieldState({ status }: { status: FieldStatus | undefined }) {
  const held = useContext(FieldStatusHeldContext)
  if (!status) return null
  return (
    <span
      className={`field-state field-state--${status}`}
      data-held={held ? '' : undefined}
      aria-hidden={held || undefined}
    >
      {FIELD_STATE_TEXT[status]}
    </span>
  )
}

/** The Facilities page anchor of one field (the field's card in "Our Fields"). */
export function fieldAnchor(fieldId: string): string {
  return paths.fields(`field-${encodeURIComponent(fieldId)}`)
}

function Entry({
  row,
  fields,
  showTeam,
}: {
  row: ScheduleRow
  fields: readonly Field[]
  showTeam: boolean
}) {
  const { entry, team, teamKey, index } = row
  const stored = storedItem('teams', [teamKey, 'schedule', index], entry)
  const place = entryPlace(entry, fields)
  const isOff = entry.status !== 'scheduled'
  return (
    <li className={`schedule-entry${isOff ? ' schedule-entry--off' : ''}`}>
      <p className="schedule-entry__time">{entry.time || 'Time TBA'}</p>
      <p className="schedule-entry__title">
        {showTeam && (
          <>
            <SmartLink to={paths.team(teamKey)} className="schedule-entry__team">
              {team.name}
            </SmartLink>{' '}
          </>
        )}
        <span className="schedule-entry__headline">
          {entry.opponent ? (
            <>
              {entry.kind === 'game' && (entry.homeAway === 'away' ? 'at ' : 'vs ')}
              <EditableText {...stored.text('opponent')} />
            </>
          ) : (
            entryHeadline(entry)
          )}
        </span>{' '}
        <span className="schedule-entry__badges">
          {entry.kind === 'game' ? (
            entry.homeAway !== 'neutral' && (
              <span className="badge">{entry.homeAway === 'home' ? 'Home' : 'Away'}</span>
            )
          ) : (
            <span className="badge">{ENTRY_KIND_LABELS[entry.kind]}</span>
          )}
          {isOff && (
            <span className="badge schedule-entry__status">
              {ENTRY_STATUS_LABELS[entry.status]}
            </span>
          )}
        </span>
      </p>
      {place.name && (
        <p className="schedule-entry__where">
          {place.field ? (
            <>
              <SmartLink to={fieldAnchor(place.field.id)} className="schedule-entry__field">
                {place.name}
              </SmartLink>
              <FieldState status={fieldStatusOn(place.field, entry.date)} />
              <MarkedLink to={directionsLink(place.field)}>
                Directions <span className="visually-hidden">to {place.name}</span>
              </MarkedLink>
            </>
          ) : (
            <EditableText {...stored.at('location')} value={place.name} />
          )}
        </p>
      )}
      {place.field && <FieldAccessNote field={place.field} />}
      {entry.note && (
        <EditableText as="p" className="schedule-entry__note" {...stored.text('note')} />
      )}
    </li>
  )
}

/**
 * Schedule entries grouped under their dates, each with its time, opponent or event, home or
 * away, status, and its field linked to the field's status and directions.
 */
export function ScheduleList({ rows, fields, showTeam, pageSize }: ScheduleListProps) {
  const days = groupByDate(rows)
  const listRef = useRef<HTMLOListElement>(null)
  const paging = usePaging({ items: days, pageSize: pageSize ?? 1, listRef })
  const visible = pageSize === undefined ? days : paging.visible
  return (
    <>
      <ol className="schedule-days" role="list" ref={listRef}>
        {visible.map(({ date, rows: dayRows }) => {
          const day = formatEntryDay(date)
          return (
            <li key={date} className="schedule-day">
              <h3 className="schedule-day__date">
                <time dateTime={date}>
                  {day.short}, {day.year}
                </time>
              </h3>
              <ol className="schedule-day__entries" role="list">
                {dayRows.map((row) => (
                  <Entry
                    key={`${row.teamKey}/${row.entry.id}`}
                    row={row}
                    fields={fields}
                    showTeam={showTeam}
                  />
                ))}
              </ol>
            </li>
          )
        })}
      </ol>
      {pageSize !== undefined && <ShowMore paging={paging} noun="dates" />}
    </>
  )
}
