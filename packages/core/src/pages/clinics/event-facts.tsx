import { EditableRegion, EditableText } from '../../editing/editable.tsx'
import type { Clinic } from '../../entities/clinic.ts'
import { formatClubDateRange } from '../../club/club-time.ts'
import { MarkedLink } from '../program/external-mark.tsx'
import './event-facts.css'

const CONTENT_KEY = 'clinics'

/**
 * The dates, times, ages, place and price of a camp or event, editable in place: the events
 * list's card and the event's own page show the same list. `withAddress` adds the street
 * address under the place (the event's page).
 */
export function EventFacts({
  clinic,
  index,
  withAddress = false,
}: {
  clinic: Clinic
  index: number
  withAddress?: boolean
}) {
  const optional = (label: string, field: 'times' | 'ageRange' | 'price') => {
    const value = clinic[field]
    return (
      value && (
        <div>
          <dt>{label}</dt>
          <EditableText as="dd" contentKey={CONTENT_KEY} path={[index, field]} value={value} />
        </div>
      )
    )
  }
  return (
    <dl className="event-facts">
      <div>
        <dt>Dates</dt>
        <dd>{formatClubDateRange(clinic.startDate, clinic.endDate)}</dd>
      </div>
      {optional('Times', 'times')}
      {optional('Ages', 'ageRange')}
      <div>
        <dt>Location</dt>
        {withAddress ? (
          <dd>
            <EditableText
              as="span"
              className="event__place"
              contentKey={CONTENT_KEY}
              path={[index, 'location', 'name']}
              value={clinic.location.name}
            />
            {clinic.location.address && (
              <EditableText
                as="span"
                className="event__address"
                contentKey={CONTENT_KEY}
                path={[index, 'location', 'address']}
                value={clinic.location.address}
              />
            )}
          </dd>
        ) : (
          <EditableText
            as="dd"
            contentKey={CONTENT_KEY}
            path={[index, 'location', 'name']}
            value={clinic.location.name}
          />
        )}
      </div>
      {optional('Price', 'price')}
    </dl>
  )
}

/** The Register button of a camp or event with a working registration link. */
export function RegisterButton({ clinic, index }: { clinic: Clinic; index: number }) {
  return (
    <EditableRegion contentKey={CONTENT_KEY} path={[index, 'registrationLink']}>
      <MarkedLink to={clinic.registrationLink} className="btn btn--primary">
        Register <span className="visually-hidden">for {clinic.title}</span>
      </MarkedLink>
    </EditableRegion>
  )
}
