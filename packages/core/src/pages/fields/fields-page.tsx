import { EditableRegion, EditableText } from '../../editing/editable.tsx'
import { FieldAccess } from './field-access.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import { IMAGES } from '../../defaults/images.ts'
import { FIELD_STATUSES } from '../../entities/enums.ts'
import type { Field, FieldsContent } from '../../entities/fields-content.ts'
import { STALE_PART_NOTE } from '../shared/held-until-fresh.tsx'
import { ImageSlider } from '../shared/image-slider.tsx'
import { SmartLink } from '../shared/smart-link.tsx'
import { TitledSection } from '../shared/titled-section.tsx'
import { storedItem } from '../shared/stored-item.ts'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import { timeSince } from '../../club/time-ago.ts'
import { FIELD_STATUS_LABELS, asOfText, formatStatusTime, mapLinkFor } from './field-status.ts'
import './fields-page.css'
import { paths } from '../../routing/public-paths.ts'
import type { FamilyAlertsService } from '../../forms/family-alerts-types.ts'
import { GetAlerts } from '../family-alerts/get-alerts.tsx'

/** Props of {@link FieldsPage}. */
export type FieldsPageProps = {
  /** Families' alerts: a "Get alerts" button for every field and team (none without it). */
  alerts?: Pick<FamilyAlertsService, 'subscribe'>
  /** Content key `fieldsContent`. */
  fieldsContent: FieldsContent
  /** The statuses may be older than the stored ones (before the content read answers). */
  statusHeld?: boolean
  /** The content read failed: the statuses may be out of date. */
  statusStale?: boolean
  /** The render time, for "updated 12 min ago"; without it only the date and time show. */
  now?: Date
  /** When the page was built: what it shows before the read answers is "as of" then. */
  builtAt?: Date
  /** The live connection dropped and is not back: the statuses may be out of date. */
  liveLost?: boolean
}

/** Said on the field status while the live connection is lost, until it returns. */
export const FIELD_STATUS_LIVE_LOST = 'Live connection lost: status may be out of date.'

/**
 * Where the field status stands, above it: as built ("as of 4:12 PM", while the read has not
 * answered), possibly out of date (the read failed, or the live connection dropped), or nothing
 * once it is as stored and followed. The statuses themselves always show.
 */
function StatusFreshness({
  held,
  stale,
  liveLost,
  builtAt,
  now,
}: {
  held: boolean
  stale: boolean
  liveLost: boolean
  builtAt: Date | undefined
  now: Date | undefined
}) {
  const asOf = builtAt ? asOfText(builtAt, now ?? builtAt) : undefined
  const at = builtAt?.toISOString()
  let note = null
  if ((held || stale) && asOf) {
    note = (
      <p className={`fields-status__as-of${stale && !held ? ' fields-status__as-of--stale' : ''}`}>
        Field status as of <time dateTime={at}>{asOf}</time>
        {held ? (
          // Without JavaScript nothing checks: the page's noscript style hides this part.
          <span className="fields-status__checking"> · checking for updates…</span>
        ) : (
          '. Could not check for updates: it may be out of date.'
        )}
      </p>
    )
  } else if (stale) {
    note = <p className="fields-status__as-of fields-status__as-of--stale">{STALE_PART_NOTE}</p>
  } else if (liveLost) {
    note = (
      <p className="fields-status__as-of fields-status__as-of--stale">{FIELD_STATUS_LIVE_LOST}</p>
    )
  }
  // A live region that stays, so that a note appearing in it is announced.
  return (
    <div className="fields-status__freshness" role="status">
      {note}
    </div>
  )
}

/** Field `i` of the stored list, for its editable parts. */
const storedField = (i: number, field: Field) => storedItem('fieldsContent', ['fields', i], field)

/** The anchor of one field's card on this page: `field-briar-meadow`. */
export function fieldAnchorId(fieldId: string): string {
  return `field-${fieldId}`
}

/** "Updated 12 min ago (Nov 20, 2026, 7:00 AM EST)", or "Not updated yet". */
function StatusUpdated({ field, now }: { field: Field; now: Date | undefined }) {
  const at = field.statusUpdatedAt
  const when = at ? formatStatusTime(at) : undefined
  if (!at || !when) return <p className="field-status__updated">Not updated yet</p>
  const since = now ? timeSince(at, now) : undefined
  return (
    <p className="field-status__updated">
      Updated{' '}
      {since ? (
        <>
          <time dateTime={at}>{since}</time> ({when})
        </>
      ) : (
        <time dateTime={at}>{when}</time>
      )}
    </p>
  )
}

// A field an editor adds: a placeholder to type over, valid for the schema.
const newField = (): Field => ({
  id: uniqueId('field'),
  name: 'New field',
  address: 'Address',
  status: 'check-back',
  statusReason: '',
  statusUpdatedAt: null,
})

// A photo an editor adds to the slider: a field picture to pick a library photo over.
const newSliderImage = (): FieldsContent['sliderImages'][number] => ({
  src: IMAGES.fields[0],
  alt: 'New photo',
})

/**
 * Facilities (`/fields`): the intro and directions, each field's status (the `#field-status`
 * section, beside the weather-decision posting times), the fields with addresses and map links,
 * and the photo slider.
 */
export function FieldsPage({
  fieldsContent,
  statusHeld = false,
  statusStale = false,
  now,
  builtAt,
  liveLost = false,
  alerts,
}: FieldsPageProps) {
  const { fields, sliderImages, weatherPostingTimes } = fieldsContent
  const counts = FIELD_STATUSES.map((status) => ({
    status,
    count: fields.filter((field) => field.status === status).length,
  })).filter(({ count }) => count > 0)
  const stored = storedItem('fieldsContent', [], fieldsContent)
  const storedTimes = storedItem('fieldsContent', ['weatherPostingTimes'], weatherPostingTimes)
  return (
    <>
      <section className="page-hero" aria-labelledby="fields-title">
        <div className="container">
          <h1 id="fields-title">Fields &amp; Status</h1>
          <EditableText as="p" className="fields-main" {...stored.text('mainText')} />
          {/* Each field has its own directions; a single map search would find other
              fields than the club's, so the button leads to the list. */}
          <a href="#fields-list-title" className="btn btn--primary fields-directions">
            Find a field and its directions
          </a>
          {alerts && (
            <div className="get-alerts__place">
              <GetAlerts
                follow={{ kind: 'club', ref: '' }}
                name="All fields and teams"
                alerts={alerts}
                tone="dark"
              />
            </div>
          )}
        </div>
      </section>

      <section id="field-status" className="section" aria-labelledby="field-status-title">
        <div className="container fields-status">
          <div>
            <h2 id="field-status-title">Field Status</h2>
            {/* Shown at once as the page was built, dated, and replaced in place when the read
                answers: a status the page has is never hidden (issue 30). */}
            <StatusFreshness
              held={statusHeld}
              stale={statusStale}
              liveLost={liveLost}
              builtAt={builtAt}
              now={now}
            />
            <div className="fields-status__current">
              {counts.length > 0 && (
                <p className="fields-status__summary">
                  {counts
                    .map(
                      ({ status, count }) =>
                        `${count} ${FIELD_STATUS_LABELS[status].toLowerCase()}`,
                    )
                    .join(', ')}
                  .
                </p>
              )}
              <ul className="tile-list fields-status__list" role="list">
                {fields.map((field, i) => (
                  <li key={field.id} className={`field-status field-status--${field.status}`}>
                    <div className="field-status__head">
                      <EditableText
                        as="h3"
                        className="field-status__name"
                        {...storedField(i, field).text('name')}
                      />
                      <span className={`field-status__badge field-status__badge--${field.status}`}>
                        {FIELD_STATUS_LABELS[field.status]}
                      </span>
                    </div>
                    {field.statusReason && (
                      <EditableText
                        as="p"
                        className="field-status__reason"
                        {...storedField(i, field).text('statusReason')}
                      />
                    )}
                    <StatusUpdated field={field} now={now} />
                    <div className="field-status__actions">
                      <p className="field-status__more">
                        <a href={`#${fieldAnchorId(field.id)}`}>
                          Address and map<span className="visually-hidden">: {field.name}</span>
                        </a>
                      </p>
                      {alerts && (
                        <GetAlerts
                          follow={{ kind: 'field', ref: field.id }}
                          name={field.name}
                          alerts={alerts}
                        />
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="fields-posting">
            <h3>When Weather Decisions Are Posted</h3>
            <ul>
              <li>
                Montgomery County decides on its fields by{' '}
                <EditableText as="strong" {...storedTimes.text('countyWeekdayDecision')} /> on
                weekdays and by{' '}
                <EditableText as="strong" {...storedTimes.text('countyWeekendDecision')} /> on
                weekends.
              </li>
              <li>
                The league posts its own cancellations by{' '}
                <EditableText as="strong" {...storedTimes.text('leagueCancellationsBy')} />; a
                posted cancellation is final.
              </li>
            </ul>
            <p>
              <SmartLink to={paths.weatherPolicy()}>Read the full weather policy</SmartLink>
            </p>
          </div>
        </div>
      </section>

      <TitledSection
        className="section section--tint"
        titleId="fields-list-title"
        title="Our Fields"
      >
        <EditableList
          className="tile-list fields-list"
          role="list"
          contentKey="fieldsContent"
          path={['fields']}
          items={fields}
          itemKey={(field) => field.id}
          itemProps={(field) => ({
            className: 'fields-list__item',
            id: fieldAnchorId(field.id),
            tabIndex: -1,
          })}
          itemLabel={(field) => field.name}
          newItem={newField}
          renderItem={(field, i) => (
            <>
              <EditableText as="h3" {...storedField(i, field).text('name')} />
              <EditableText
                as="p"
                className="fields-list__address"
                {...storedField(i, field).text('address')}
              />
              <FieldAccess field={field} index={i} />
              <p className="fields-list__status">
                <span className={`field-status__badge field-status__badge--${field.status}`}>
                  {FIELD_STATUS_LABELS[field.status]}
                </span>{' '}
                {field.statusReason}
              </p>
              <StatusUpdated field={field} now={now} />
              <EditableRegion {...storedField(i, field).at('mapLink')}>
                <SmartLink to={mapLinkFor(field)} className="fields-list__map">
                  Map of {field.name}
                </SmartLink>
              </EditableRegion>
            </>
          )}
        />
      </TitledSection>

      {sliderImages.length > 0 && (
        <TitledSection className="section" titleId="fields-photos-title" title="Around Our Fields">
          <ImageSlider
            images={sliderImages}
            label="Field photos"
            contentKey="fieldsContent"
            path={['sliderImages']}
            newImage={newSliderImage}
          />
        </TitledSection>
      )}
    </>
  )
}

/** SEO tags for Facilities; the image is the slider's first image. */
export function fieldsMeta(fieldsContent: FieldsContent): PageMeta {
  const first = fieldsContent.sliderImages[0]
  return {
    title: pageTitle('Fields & Status'),
    description: metaDescription(
      'Current field status, addresses and map links for every field we play on, and when rainy-day decisions are posted by the county and the league.',
    ),
    ...(first ? { image: first.src } : {}),
  }
}

export default FieldsPage
