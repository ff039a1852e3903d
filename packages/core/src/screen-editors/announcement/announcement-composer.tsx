import { useEffect, useId, useRef, useState } from 'react'

import { SAVED_FIRST_ELSEWHERE, saveErrorMessage } from '../../content/save-messages.ts'
import type { SaveOutcome } from '../../content/store-types.ts'
import { ALERT_TYPES } from '../../entities/alert.ts'
import type { AlertType } from '../../entities/alert.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { clubToday, formatClubDate, formatClubDateTime } from '../../club/club-time.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import type { RouteOption } from '../alerts/alert-routes.ts'
import { PagePicker, pagesInWords } from '../alerts/page-picker.tsx'
import { alertPages } from '../../alerts/alert-visibility.ts'
import { readClock } from '../shared/clock.ts'
import type { Clock } from '../shared/clock.ts'
import { LeaveGuard, RestoreBanner } from '../shared/form-guards.tsx'
import { FormControlsStyle, SelectField, SwitchField, TextField } from '../shared/form-controls.tsx'
import { useDocumentForm } from '../shared/use-document-form.ts'
import { focusFirstProblem } from '../shared/use-focus-requests.ts'
import { clubDateFieldBinder } from '../shared/text-field-binding.ts'
import type { FormCheck } from '../shared/use-document-form.ts'
import {
  alertMessageOf,
  announcementSlug,
  ANNOUNCEMENT_LINK_TEXT,
  composeAnnouncement,
  newAnnouncementForm,
  paragraphsOf,
  summaryOf,
  validateAnnouncement,
} from './announcement-form.ts'
import type { Announcement, AnnouncementForm, AnnouncementErrors } from './announcement-form.ts'
import composerCss from './announcement-composer.css?inline'
import { paths } from '../../routing/public-paths.ts'
import { Link } from '../../ui/link.tsx'
import { OutcomePanel } from '../../ui/outcome-panel.tsx'
import { screenAddress } from '../../routing/admin-screens.ts'

/** How each half of a publish ended, as the content store tells it. */
export type PublishOutcomes = { newsPosts: SaveOutcome; alerts: SaveOutcome }

/** Props of {@link AnnouncementComposer}. */
export type AnnouncementComposerProps = {
  /** The stored posts: the new post's address must differ from theirs. */
  posts: readonly NewsPost[]
  /** The pages the alert can be limited to (see `defaultAlertRoutes`). */
  routes: readonly RouteOption[]
  /** The current time: where a new announcement starts. */
  now: Clock
  /**
   * Saves the post and the alert together (`store.saveMany`), adding each to its document.
   * Resolves to how each save ended; a rejection counts as not saved.
   */
  onPublish(announcement: Announcement): Promise<PublishOutcomes>
}

const TYPE_LABELS: Record<AlertType, string> = {
  registration: 'Registration',
  weather: 'Weather',
  urgent: 'Urgent',
}

const TYPE_OPTIONS = ALERT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))

/** What the last publish did, for the result panel. */
type Published = { announcement: Announcement; outcomes: PublishOutcomes }

/** What the leave guard and the restore banner call the values. */
const WHAT = 'the announcement'

/** Values ready to publish, or how many problems it has. */
function checkForm(values: AnnouncementForm): FormCheck<AnnouncementForm> {
  const count = Object.keys(validateAnnouncement(values)).length
  return count > 0 ? { ok: false, problems: count } : { ok: true, value: values }
}

/** What the result panel says after a publish: the spec's notices, then what happened to each. */
export function publishMessage(
  announcement: Announcement,
  outcomes: PublishOutcomes,
  pageLabel: string,
): { title: string; detail: string; isError: boolean } {
  const { post, alert } = announcement
  const stored = outcomes.newsPosts === 'stored' && outcomes.alerts === 'stored'
  if (stored) {
    return {
      title: 'Content Saved!',
      detail: `Your changes are now live across the site. The news post “${post.title}” is published, and its alert shows ${pageLabel} from ${formatClubDateTime(alert.startDate)} to ${formatClubDateTime(alert.endDate)}.`,
      isError: false,
    }
  }
  const failed = (['newsPosts', 'alerts'] as const).filter((key) => outcomes[key] !== 'stored')
  const why = failed.map((key) => outcomes[key])
  const reason = why.includes('ignored')
    ? 'This account cannot save changes.'
    : why.includes('conflict')
      ? `${SAVED_FIRST_ELSEWHERE} The edit bar and the admin home offer Reload or Overwrite.`
      : 'It is kept on this device and will be sent again; it is listed at the top of every admin screen under changes not saved yet.'
  const saved =
    failed.length === 1 ? ` The ${failed[0] === 'alerts' ? 'news post' : 'alert'} was saved.` : ''
  return {
    title: 'Save Error',
    detail: `${saveErrorMessage(failed)}${saved} ${reason}`,
    isError: true,
  }
}

function NewsPreview({ values, slug }: { values: AnnouncementForm; slug: string }) {
  const title = values.title.trim() || 'Your title'
  const paragraphs = paragraphsOf(values.text)
  const date = Number.isNaN(Date.parse(values.startsAt))
    ? ''
    : formatClubDate(clubToday(new Date(values.startsAt)))
  return (
    <div className="announce-preview__frame">
      <p className="announce-preview__where">{`On News & Updates, at ${paths.newsPost(slug)}`}</p>
      <div className="card news-card announce-preview__card">
        <div className="card__body">
          <p className="news-card__title announce-preview__title">{title}</p>
          <p className="news-card__meta">
            {date}
            {values.author.trim() && ` · By ${values.author.trim()}`}
          </p>
          <p>{summaryOf(values.text) || 'The start of your text shows here.'}</p>
        </div>
      </div>
      {paragraphs.length > 1 && (
        <p className="announce-preview__more">
          {`The article shows all ${paragraphs.length} paragraphs.`}
        </p>
      )}
    </div>
  )
}

function AlertPreview({ values, pageLabel }: { values: AnnouncementForm; pageLabel: string }) {
  const title = values.title.trim() || 'Your title'
  const message = alertMessageOf(values) || 'The alert’s text shows here.'
  return (
    <div className="announce-preview__frame">
      <p className="announce-preview__where">{`In the alerts bar, ${pageLabel}`}</p>
      <div className="alerts-bar announce-preview__bar">
        <div
          className={`alert alert--general alert--${values.type} announce-preview__alert`}
          data-pinned={values.isPinned ? '' : undefined}
        >
          <p className="alert__text">
            <strong className="alert__title">{title}</strong>{' '}
            <span className="alert__message">{message}</span>{' '}
            <span className="alert__link">{ANNOUNCEMENT_LINK_TEXT}</span>
          </p>
        </div>
      </div>
      <p className="announce-preview__more">
        {`Type: ${TYPE_LABELS[values.type]}${values.isPinned ? ', pinned first' : ''}. Shows from ${
          formatClubDateTime(values.startsAt) || '…'
        } to ${formatClubDateTime(values.endsAt) || '…'}.`}
      </p>
    </div>
  )
}

/**
 * Composes a news post and a site alert together (spec §3): one title and text, the dates the
 * alert shows, the page it is limited to and its type. Both are previewed as visitors will
 * see them, then published together: the post gets an address no other post has, and the
 * alert links to it. Saving shows "Saving…", then the spec's "Content Saved!" or "Save Error"
 * with what happened to each (the store's own indicator shows "Saving…" for the spec's 1.2 s).
 * The form is the shared form hook (useDocumentForm): kept on the device as it is typed,
 * offered back on return, and guarded when leaving with it unpublished. Pure: data in,
 * callbacks out.
 *
 * @example
 * <AnnouncementComposer posts={newsPosts} routes={defaultAlertRoutes()} now={() => new Date()}
 *   onPublish={({ post, alert }) => saveBoth(post, alert)} />
 */
export function AnnouncementComposer({ posts, routes, now, onPublish }: AnnouncementComposerProps) {
  const headingId = useId()
  const root = useRef<HTMLDivElement>(null)
  const result = useRef<HTMLDivElement>(null)
  const focusFirstError = useRef(false)
  // The "stored document" the values starts from: an empty announcement starting now. A
  // publish that stores both halves starts the next one afresh.
  const [blank] = useState(() => newAnnouncementForm(readClock(now)))
  const [published, setPublished] = useState<Published | undefined>(undefined)
  const form = useDocumentForm<AnnouncementForm, AnnouncementForm>({
    id: 'announcement',
    stored: blank,
    toForm: (start) => start,
    check: checkForm,
    save: async (values) => {
      const announcement = composeAnnouncement(values, { posts })
      let outcomes: PublishOutcomes
      try {
        outcomes = await onPublish(announcement)
      } catch {
        outcomes = { newsPosts: 'kept', alerts: 'kept' }
      }
      setPublished({ announcement, outcomes })
      // Both stored: ready for the next one. Otherwise the form stays, as typed.
      if (outcomes.newsPosts === 'stored' && outcomes.alerts === 'stored') {
        return { storedAs: newAnnouncementForm(readClock(now)) }
      }
      throw new Error('Not published.')
    },
  })
  const { values, status, problems } = form

  const errors: AnnouncementErrors = form.checked ? validateAnnouncement(values) : {}
  const slug = announcementSlug(values.title, posts)
  const pageLabel = pageLabelOf(
    values.targetPage ? [values.targetPage, ...values.morePages] : [],
    routes,
  )

  useEffect(() => {
    if (focusFirstError.current) {
      focusFirstError.current = false
      focusFirstProblem(root.current)
    }
  })
  const done = published !== undefined && status.kind !== 'saving'
  useEffect(() => {
    if (done) result.current?.focus()
  }, [done, published])

  const edit = (patch: Partial<AnnouncementForm>) =>
    form.edit((current) => ({ ...current, ...patch }))

  const publish = async () => {
    if (status.kind === 'saving') return
    // Values with problems shows them at once (the check runs before any await): the render
    // that marks them then moves focus to the first.
    focusFirstError.current = true
    await form.save()
  }

  const dateField = clubDateFieldBinder(values, errors, edit)

  const message = done
    ? publishMessage(
        published.announcement,
        published.outcomes,
        pageLabelOf(alertPages(published.announcement.alert), routes),
      )
    : undefined

  return (
    <div className="editor announce" ref={root}>
      <AdminStyle id="club-announcement-composer" css={composerCss} />
      <FormControlsStyle />
      <p className="announce__intro">
        One announcement becomes a news post and an alert that links to it. Times are Eastern time,
        as the site shows them.
      </p>
      <RestoreBanner form={form} what={WHAT} />
      <LeaveGuard form={form} what={WHAT} />

      {status.kind === 'saving' && (
        <p className="admin-outcome admin-outcome--running announce__status" role="status">
          Saving…
        </p>
      )}
      {message && (
        <OutcomePanel panelRef={result} isError={message.isError} className="announce__result">
          <p>
            <strong>{message.title}</strong> {message.detail}
          </p>
          {published?.outcomes.newsPosts === 'stored' && (
            <p className="admin-actions">
              <a href={paths.newsPost(published.announcement.post.slug)}>
                View the post on the site
              </a>
              <Link to={screenAddress('AlertsRoute')}>Manage alerts</Link>
            </p>
          )}
        </OutcomePanel>
      )}

      <div className="announce__layout">
        <section className="admin-panel announce__form" aria-labelledby={`${headingId}-write`}>
          <h2 id={`${headingId}-write`}>Write the announcement</h2>
          <TextField
            label="Title"
            hint="The post’s headline and the alert’s title."
            value={values.title}
            error={errors.title}
            required
            onChange={(title) => edit({ title })}
          />
          <div className="announce__body-field">
            <TextField
              label="Announcement text"
              hint="Separate paragraphs with an empty line. The alert shows the first paragraph, with a link to the post."
              value={values.text}
              error={errors.text}
              multiline
              required
              onChange={(text) => edit({ text })}
            />
          </div>
          <TextField
            label="Alert text (optional)"
            hint="A shorter text for the alerts bar. Leave it empty to use the first paragraph."
            value={values.alertMessage}
            error={errors.alertMessage}
            multiline
            onChange={(alertMessage) => edit({ alertMessage })}
          />
          <TextField
            label="Author (optional)"
            value={values.author}
            error={errors.author}
            onChange={(author) => edit({ author })}
          />
          <div className="announce__dates">
            <TextField
              label="Starts"
              hint="The post is dated this day; the alert shows from then."
              required
              {...dateField('startsAt')}
            />
            <TextField
              label="Alert ends"
              hint="The alert stops showing then; the post stays."
              required
              {...dateField('endsAt')}
            />
          </div>
          <PagePicker
            alert={{ targetPage: values.targetPage || undefined, morePages: values.morePages }}
            routes={routes}
            error={errors.targetPage}
            onChange={(patch) =>
              edit({ targetPage: patch.targetPage ?? '', morePages: patch.morePages ?? [] })
            }
          />
          <SelectField
            label="Alert type"
            hint="Decides the alert’s colour and icon."
            value={values.type}
            options={TYPE_OPTIONS}
            onChange={(type) => edit({ type: type as AlertType })}
          />
          <SwitchField
            label="Pin the alert"
            hint="Pinned alerts show before the other general alerts (after the day’s status)."
            checked={values.isPinned}
            onCheckedChange={(isPinned) => edit({ isPinned })}
          />
          <SwitchField
            label="Feature the post in the home carousel"
            checked={values.showInCarousel}
            onCheckedChange={(showInCarousel) => edit({ showInCarousel })}
          />
          <div className="editor-actions">
            <button
              type="button"
              className="btn btn--primary"
              aria-disabled={status.kind === 'saving' ? true : undefined}
              onClick={() => void publish()}
            >
              {status.kind === 'saving' ? 'Saving…' : 'Publish the post and the alert'}
            </button>
          </div>
          <p className="announce__problems" role="alert">
            {status.kind === 'invalid' &&
              problems > 0 &&
              `Fix ${problems === 1 ? 'the problem' : `${problems} problems`} marked above before publishing.`}
            {errors.announcement}
          </p>
        </section>

        <section className="admin-panel announce__preview" aria-labelledby={`${headingId}-preview`}>
          <h2 id={`${headingId}-preview`}>Preview</h2>
          <h3>News post</h3>
          <NewsPreview values={values} slug={slug} />
          <h3>Alert</h3>
          <AlertPreview values={values} pageLabel={pageLabel} />
        </section>
      </div>
    </div>
  )
}

/** Where the alert shows, in words: "on every page", "on Facilities (/fields)". */
function pageLabelOf(pages: readonly string[], routes: readonly RouteOption[]): string {
  const words = pagesInWords(pages, routes)
  return words ? `on ${words}` : 'on every page'
}
