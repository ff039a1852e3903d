import { Link } from '../../ui/link.tsx'
import { EditableImage, EditableRegion, EditableText } from '../../editing/editable.tsx'
import type { Clinic } from '../../entities/clinic.ts'
import { CLINIC_KIND_LABELS } from '../clinics/clinic-info.ts'
import { EventFacts, RegisterButton } from '../clinics/event-facts.tsx'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'
import { LinkComingSoon } from '../shared/link-coming-soon.tsx'
import { splitClinics, type IndexedClinic } from './upcoming-clinics.ts'
import './events-page.css'
import { paths } from '../../routing/public-paths.ts'

const CONTENT_KEY = 'clinics'

/** Props of {@link EventsPage}. */
export type EventsPageProps = {
  /** `clinics`, in stored order. */
  clinics: readonly Clinic[]
  /** The moment the page is rendered for: decides which entries are past. */
  now: Date
}

function ClinicCard({
  clinic,
  index,
  isPast,
  first = false,
}: IndexedClinic & {
  isPast: boolean
  /** The page's first card: its photo is the likely largest paint, loaded at once. */
  first?: boolean
}) {
  const href = paths.event(clinic.slug)
  // A stored placeholder link (sample content) is no working Register button.
  const placeholder = Boolean(clinic.registrationLink) && isPlaceholderLink(clinic.registrationLink)
  return (
    <li className={`card event-card${isPast ? ' event-card--past' : ''}`}>
      <div className="event-card__media">
        {clinic.imageUrl && (
          <EditableImage
            contentKey={CONTENT_KEY}
            path={[index, 'imageUrl']}
            src={clinic.imageUrl}
            alt=""
            width={1200}
            height={675}
            sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 50vw, 100vw"
            priority={first}
          />
        )}
      </div>
      <div className="card__body">
        <p className="event-card__badges">
          <span className="badge">{CLINIC_KIND_LABELS[clinic.kind]}</span>
          {isPast && <span className="badge event-card__ended">Ended</span>}
        </p>
        <h3 className="event-card__title">
          <Link to={href}>
            <EditableText contentKey={CONTENT_KEY} path={[index, 'title']} value={clinic.title} />
          </Link>
        </h3>
        <EventFacts clinic={clinic} index={index} />
        {!isPast && !clinic.registrationLink && clinic.registrationOpensText && (
          <p className="event-card__opens">
            Registration opens{' '}
            <EditableText
              contentKey={CONTENT_KEY}
              path={[index, 'registrationOpensText']}
              value={clinic.registrationOpensText}
            />
          </p>
        )}
        {!isPast && placeholder && (
          <EditableRegion contentKey={CONTENT_KEY} path={[index, 'registrationLink']}>
            <LinkComingSoon what="Registration" contactTo={paths.contact()} about={clinic.title} />
          </EditableRegion>
        )}
        <p className="event-card__actions">
          {!isPast && clinic.registrationLink && !placeholder && (
            <RegisterButton clinic={clinic} index={index} />
          )}
          <Link to={href} className="btn btn--outline">
            Details <span className="visually-hidden">of {clinic.title}</span>
          </Link>
        </p>
      </div>
    </li>
  )
}

/** /camps-events: upcoming camps, clinics and events, then past ones under their own heading. */
export function EventsPage({ clinics, now }: EventsPageProps) {
  const { upcoming, past } = splitClinics(clinics, now)
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Camps &amp; Events</h1>
          <p>
            Camps, clinics and club events for players of every age: skills work in the off-season,
            a week of summer baseball, and days the whole league celebrates together.
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="events-upcoming">
        <div className="container">
          <h2 id="events-upcoming">Upcoming camps &amp; events</h2>
          {upcoming.length === 0 ? (
            <p>
              Nothing is scheduled right now. New camps and clinics are announced in{' '}
              <Link to={paths.news()}>News &amp; Updates</Link>.
            </p>
          ) : (
            <ul className="grid event-list">
              {upcoming.map((entry, position) => (
                <ClinicCard
                  key={entry.clinic.id}
                  {...entry}
                  isPast={false}
                  first={position === 0}
                />
              ))}
            </ul>
          )}
        </div>
      </section>
      {past.length > 0 && (
        <section className="section section--tint" aria-labelledby="events-past">
          <div className="container">
            <h2 id="events-past">Past events</h2>
            <ul className="grid event-list">
              {past.map((entry, position) => (
                <ClinicCard
                  key={entry.clinic.id}
                  {...entry}
                  isPast
                  first={position === 0 && upcoming.length === 0}
                />
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  )
}

/** Head tags of /camps-events. */
export function eventsMeta(): PageMeta {
  return {
    title: pageTitle('Camps & Events'),
    description:
      'Summer camps, pitching and hitting clinics, and club events for young players: dates, times, ages, locations, prices and how to register.',
  }
}
