import { Link } from '../../ui/link.tsx'
import { EditableText } from '../../editing/editable.tsx'
import type { Clinic } from '../../entities/clinic.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { upcomingClinics } from '../events/upcoming-clinics.ts'
import { CLINIC_KIND_LABELS } from '../clinics/clinic-info.ts'
import { formatClubDate, formatClubDateRange } from '../../club/club-time.ts'
import { NewsCardExcerpt, NewsCardImage, NewsCardTitleLink } from '../news/news-card-text.tsx'
import { paths } from '../../routing/public-paths.ts'

/** How many news stories and events the home page lists. */
export const HOME_UPDATES_LIMIT = 3

/** The carousel stories, newest first. */
export function latestNews(posts: readonly NewsPost[], limit = HOME_UPDATES_LIMIT): NewsPost[] {
  return posts
    .filter((post) => post.showInCarousel)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, limit)
}

function LatestNews({ posts }: { posts: readonly NewsPost[] }) {
  const stories = latestNews(posts)
  return (
    <div className="home-updates__column">
      <h2 id="home-news-title">Latest News</h2>
      {stories.length > 0 ? (
        <ul className="home-news" role="list">
          {stories.map((post) => {
            return (
              <li key={post.id} className="home-news__item">
                <NewsCardImage post={post} sizes="8rem" className="home-news__image" />
                <div className="home-news__text">
                  <h3 className="home-news__title">
                    <NewsCardTitleLink post={post} />
                  </h3>
                  <p className="home-updates__meta">
                    <time dateTime={post.date}>{formatClubDate(post.date)}</time>
                  </p>
                  <NewsCardExcerpt post={post} className="home-news__excerpt" />
                </div>
              </li>
            )
          })}
        </ul>
      ) : (
        <p>News from the club will appear here.</p>
      )}
      <p className="home-updates__more">
        <Link to={paths.news()}>All news and updates</Link>
      </p>
    </div>
  )
}

function UpcomingEvents({ clinics, now }: { clinics: readonly Clinic[]; now: Date }) {
  const events = upcomingClinics(clinics, now, HOME_UPDATES_LIMIT)
  return (
    <div className="home-updates__column">
      <h2 id="home-events-title">Upcoming Events</h2>
      {events.length > 0 ? (
        <ul className="home-events" role="list">
          {events.map(({ clinic, index }) => (
            <li key={clinic.id} className="home-event">
              <p className="home-event__date">
                <time dateTime={clinic.startDate}>
                  {formatClubDateRange(clinic.startDate, clinic.endDate)}
                </time>
              </p>
              <h3 className="home-event__title">
                <Link to={paths.event(clinic.slug)}>
                  <EditableText contentKey="clinics" path={[index, 'title']} value={clinic.title} />
                </Link>
              </h3>
              <p className="home-updates__meta">
                <span className="badge">{CLINIC_KIND_LABELS[clinic.kind]}</span>{' '}
                <EditableText
                  contentKey="clinics"
                  path={[index, 'location', 'name']}
                  value={clinic.location.name}
                />
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p>No camps or events are scheduled right now.</p>
      )}
      <p className="home-updates__more">
        <Link to={paths.events()}>All camps and events</Link>
      </p>
    </div>
  )
}

/** Props of {@link HomeUpdates}. */
export type HomeUpdatesProps = {
  /** Content key `newsPosts`: the carousel stories are the latest news. */
  newsPosts: readonly NewsPost[]
  /** Content key `clinics`. */
  clinics: readonly Clinic[]
  /** The render time: decides which events are still to come. */
  now: Date
}

/** The home page's latest news (the carousel stories) beside the next camps and events. */
export function HomeUpdates({ newsPosts, clinics, now }: HomeUpdatesProps) {
  return (
    <section className="section section--tint home-updates" aria-label="News and events">
      <div className="container home-updates__grid">
        <LatestNews posts={newsPosts} />
        <UpcomingEvents clinics={clinics} now={now} />
      </div>
    </section>
  )
}
