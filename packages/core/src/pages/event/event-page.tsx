import { Link } from '../../ui/link.tsx'
import { eventCalendarPath } from '../../calendar/event-calendar.ts'

import { EditableImage, EditableRegion, EditableText } from '../../editing/editable.tsx'
import type { Clinic } from '../../entities/clinic.ts'
import { CLUB_NAME } from '../shared/club-names.ts'
import { NotFoundPage } from '../not-found/not-found-page.tsx'
import { CLINIC_KIND_LABELS, isPastClinic } from '../clinics/clinic-info.ts'
import { formatClubDateRange } from '../../club/club-time.ts'
import { EventFacts, RegisterButton } from '../clinics/event-facts.tsx'
import type { PageMeta } from '../shared/page-meta.ts'
import { absoluteUrl, itemMeta, notFoundMeta } from '../shared/page-meta.ts'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'
import { LinkComingSoon } from '../shared/link-coming-soon.tsx'
import './event-page.css'
import { ShareAction } from '../shared/share-action.tsx'
import { paths } from '../../routing/public-paths.ts'

const CONTENT_KEY = 'clinics'

/** Props of {@link EventPage}. */
export type EventPageProps = {
  /** `clinics`, in stored order. */
  clinics: readonly Clinic[]
  /** The `{slug}` of `/camps-events/{slug}`. */
  slug: string
  /** The moment the page is rendered for: decides whether the entry is over. */
  now: Date
}

/** The entry with this slug and its stored index, or `undefined`. */
export function findClinic(
  clinics: readonly Clinic[],
  slug: string,
): { clinic: Clinic; index: number } | undefined {
  const index = clinics.findIndex((clinic) => clinic.slug === slug)
  const clinic = clinics[index]
  return clinic ? { clinic, index } : undefined
}

/** /camps-events/{slug}: everything about one camp, clinic or event; unknown slug → 404. */
export function EventPage({ clinics, slug, now }: EventPageProps) {
  const found = findClinic(clinics, slug)
  if (!found) return <NotFoundPage />
  const { clinic, index } = found
  const isPast = isPastClinic(clinic, now)
  const kind = CLINIC_KIND_LABELS[clinic.kind]

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p>
            <Link to={paths.events()} className="event__back">
              ← All camps &amp; events
            </Link>
          </p>
          <p className="event__badges">
            <span className="badge">{kind}</span>
            {isPast && (
              <span className="badge event__ended">This {kind.toLowerCase()} has ended</span>
            )}
          </p>
          <EditableText
            as="h1"
            contentKey={CONTENT_KEY}
            path={[index, 'title']}
            value={clinic.title}
          />
          {clinic.summary && (
            <EditableText
              as="p"
              contentKey={CONTENT_KEY}
              path={[index, 'summary']}
              value={clinic.summary}
            />
          )}
          <ShareAction title={clinic.title} path={paths.event(clinic.slug)} tone="dark" />
        </div>
      </section>
      <div className="container section event__layout">
        <div className="event__main">
          {clinic.imageUrl && (
            <div className="event__image">
              <EditableImage
                contentKey={CONTENT_KEY}
                path={[index, 'imageUrl']}
                src={clinic.imageUrl}
                alt={clinic.imageAlt}
                width={1200}
                height={675}
                priority
                sizes="(min-width: 64rem) 40rem, 100vw"
              />
            </div>
          )}
          <section aria-labelledby="event-about">
            <h2 id="event-about">About this {kind.toLowerCase()}</h2>
            {clinic.description.map((paragraph, paragraphIndex) => (
              <EditableText
                // Paragraphs are plain strings with no id; their position is their identity.
                key={paragraphIndex}
                as="p"
                contentKey={CONTENT_KEY}
                path={[index, 'description', paragraphIndex]}
                value={paragraph}
              />
            ))}
          </section>
        </div>
        <section className="card event__details" aria-labelledby="event-details">
          <div className="card__body">
            <h2 id="event-details">Details</h2>
            <EventFacts clinic={clinic} index={index} withAddress />
            {!isPast && (
              <p className="event__calendar">
                <a
                  href={eventCalendarPath(clinic.slug)}
                  download={`${clinic.slug}.ics`}
                  className="btn btn--outline"
                >
                  Add to calendar
                  <span className="visually-hidden">: {clinic.title} (.ics file)</span>
                </a>
              </p>
            )}
            {clinic.capacityNote && (
              <EditableText
                as="p"
                className="event__capacity"
                contentKey={CONTENT_KEY}
                path={[index, 'capacityNote']}
                value={clinic.capacityNote}
              />
            )}
            {isPast ? (
              <p>
                This {kind.toLowerCase()} is over. See{' '}
                <Link to={paths.events()}>upcoming camps and events</Link>.
              </p>
            ) : clinic.registrationLink && isPlaceholderLink(clinic.registrationLink) ? (
              <EditableRegion contentKey={CONTENT_KEY} path={[index, 'registrationLink']}>
                <LinkComingSoon
                  what="Registration"
                  contactTo={paths.contact()}
                  about={clinic.title}
                />
              </EditableRegion>
            ) : clinic.registrationLink ? (
              <p>
                <RegisterButton clinic={clinic} index={index} />
              </p>
            ) : clinic.registrationOpensText ? (
              <p className="event__opens">
                Registration opens{' '}
                <EditableText
                  contentKey={CONTENT_KEY}
                  path={[index, 'registrationOpensText']}
                  value={clinic.registrationOpensText}
                />
                . Questions? <Link to={paths.contact()}>Contact the club</Link>.
              </p>
            ) : (
              <p>
                No registration needed. Questions?{' '}
                <Link to={paths.contact()}>Contact the club</Link>.
              </p>
            )}
          </div>
        </section>
      </div>
    </>
  )
}

/** Head tags of one camp or event; for an unknown slug, those of the not-found page. */
export function eventMeta(clinics: readonly Clinic[], slug: string): PageMeta {
  const found = findClinic(clinics, slug)
  if (!found) {
    return notFoundMeta(
      'We could not find that camp or event. It may have moved or been removed; see every upcoming camp, clinic and club event for young players instead.',
    )
  }
  const { clinic } = found
  const facts = [
    formatClubDateRange(clinic.startDate, clinic.endDate),
    clinic.ageRange,
    clinic.location.name,
    clinic.price,
  ]
    .filter(Boolean)
    .join(' · ')
  return itemMeta({
    name: clinic.title,
    text: `${clinic.summary || clinic.description[0] || ''} ${facts}.`,
    tail: 'Details and registration for families.',
    image: clinic.imageUrl,
  })
}

/** The price as schema.org wants it (`'350'`, `'0'`), or `undefined` when it is not a sum. */
export function offerPrice(price: string): string | undefined {
  if (/^\s*free\s*$/i.test(price)) return '0'
  const match = /^\s*\$\s*(\d{1,3}(?:,\d{3})*|\d+)(\.\d{1,2})?\s*$/.exec(price)
  if (!match) return undefined
  return `${(match[1] ?? '').replace(/,/g, '')}${match[2] ?? ''}`
}

/**
 * schema.org Event for one camp, clinic or event, with absolute URLs built on `siteUrl`. The
 * offer appears when the price is a dollar amount or "Free". Plain data for the head.
 */
export function eventJsonLd(clinic: Clinic, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, paths.event(clinic.slug))
  const price = offerPrice(clinic.price)
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: clinic.title,
    description: clinic.summary || clinic.description.join(' ') || undefined,
    startDate: clinic.startDate,
    endDate: clinic.endDate,
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: {
      '@type': 'Place',
      name: clinic.location.name,
      address: clinic.location.address || clinic.location.name,
    },
    image: clinic.imageUrl ? [absoluteUrl(siteUrl, clinic.imageUrl)] : undefined,
    offers:
      price === undefined
        ? undefined
        : {
            '@type': 'Offer',
            price,
            priceCurrency: 'USD',
            url:
              clinic.registrationLink && !isPlaceholderLink(clinic.registrationLink)
                ? absoluteUrl(siteUrl, clinic.registrationLink)
                : url,
            availability: 'https://schema.org/InStock',
          },
    organizer: { '@type': 'Organization', name: CLUB_NAME, url: absoluteUrl(siteUrl, '/') },
  }
}
