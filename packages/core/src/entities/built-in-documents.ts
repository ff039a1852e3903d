/*
 * The built-in document of any key, fixed or a news post's: free of zod, so that the browser's
 * first bundle can use it (see content/lazy-entities-catalog.ts).
 */
import {
  isEventPageKey,
  isNewsPostKey,
  isProgramPageKey,
  isTeamCoachesKey,
  isTeamPageKey,
  isTeamViewKey,
} from './content-key-list.ts'
import { PROGRAM_SLUGS } from './enums.ts'
import type { ContentDocuments, ContentKey, DocumentKey } from './content-keys.ts'
import type { NewsPost, StoredNewsPost } from './news-post.ts'
import type { Team } from './team.ts'
import { contentView } from './derived-views.ts'
import type { Clinic } from './clinic.ts'
import type { ProgramPage } from './program-content.ts'
import { coachCards, teamView } from './team-views.ts'

/**
 * The built-in document of a news post's key: the sample post with its id, on the site (the
 * built-in `newsPosts` are the sample posts whole), or `undefined` for any other id.
 *
 * @example
 * builtInNewsPost(DEFAULT_CONTENT.newsPosts, 'news/opening-day') // { ...sample, published: true }
 */
export function builtInNewsPost(
  samples: readonly NewsPost[],
  key: `news/${string}`,
): StoredNewsPost | undefined {
  const id = key.slice('news/'.length)
  const sample = samples.find((post) => post.id === id)
  return sample && { ...sample, published: true }
}

/** A post with nothing in it yet: a new post's form starts from it (with today's date). */
export function blankNewsPost(id: string, date: string): NewsPost {
  return {
    id,
    slug: '',
    title: '',
    cardTitle: '',
    author: '',
    date,
    imageUrl: '',
    cardImageUrl: '',
    excerpt: '',
    cardExcerpt: '',
    showInCarousel: false,
    content: [],
  }
}

/**
 * What a stored news post that cannot be read at all is read as: an empty draft with its id,
 * never a visible post.
 */
export function unreadableNewsPost(key: `news/${string}`): StoredNewsPost {
  const id = key.slice('news/'.length)
  const slug =
    id
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'post'
  return { ...blankNewsPost(id, '1970-01-01'), slug, published: false }
}

/**
 * The built-in document of a key: the fixed key's sample document, a sample post, or the row
 * derived from the sample teams (and staff: a sample team's coaches), fields or programs.
 */
export function builtInDocument<K extends DocumentKey>(
  defaults: ContentDocuments,
  key: K,
): ContentDocuments[K] | undefined {
  if (isNewsPostKey(key))
    return builtInNewsPost(defaults.newsPosts, key) as ContentDocuments[K] | undefined
  if (isTeamViewKey(key)) return teamView(defaults.teams, key) as ContentDocuments[K] | undefined
  if (isTeamCoachesKey(key)) {
    const id = key.slice('coaches/'.length)
    return (
      Object.hasOwn(defaults.teams, id)
        ? coachCards(defaults.teams[id] as Team, defaults.staff)
        : undefined
    ) as ContentDocuments[K] | undefined
  }
  // A program's page is the sample program itself; the fixed views are built in once (one identity).
  if (isProgramPageKey(key) || isEventPageKey(key))
    return contentView(defaults, key) as ContentDocuments[K] | undefined
  return defaults[key as ContentKey] as ContentDocuments[K]
}

/**
 * What a stored document is read against: its built-in one, else an empty team (a team page's
 * row), no coaches (a team's coaches row), an empty program or event (a program's or an event's
 * page) or an empty draft (a post).
 */
export function fallbackDocument<K extends DocumentKey>(
  defaults: ContentDocuments,
  key: K,
): ContentDocuments[K] {
  const builtIn = builtInDocument(defaults, key)
  if (builtIn !== undefined) return builtIn
  if (isTeamPageKey(key)) return blankTeam(key.slice('team/'.length)) as ContentDocuments[K]
  if (isTeamCoachesKey(key)) return [] as unknown as ContentDocuments[K]
  if (isProgramPageKey(key)) return BLANK_PROGRAM as ContentDocuments[K]
  if (isEventPageKey(key)) return blankEvent(key.slice('event/'.length)) as ContentDocuments[K]
  return unreadableNewsPost(key as `news/${string}`) as ContentDocuments[K]
}

/** An event with nothing in it but its slug: what an unreadable event page's row is read against. */
function blankEvent(slug: string): Clinic {
  return {
    id: slug,
    slug,
    title: '',
    kind: 'event',
    summary: '',
    description: [],
    ageRange: '',
    startDate: '1970-01-01',
    endDate: '1970-01-01',
    times: '',
    location: { name: '', address: '' },
    price: '',
    registrationLink: '',
    imageUrl: '',
    imageAlt: '',
  }
}

/** A program with nothing in it: what the row of a program not built in is read against. */
const BLANK_PROGRAM: ProgramPage = {
  name: '',
  heroImage: '',
  overview: '',
  seasonFormat: '',
  teamFormation: '',
  equipment: '',
  fees: '',
  coaching: '',
  staff: [],
}

/** A team with nothing in it but its id: what an unreadable team page's row is read against. */
function blankTeam(id: string): Team {
  return {
    id,
    name: '',
    programSlug: PROGRAM_SLUGS[0],
    logoUrl: '',
    coaches: [],
    roster: [],
    teamPageContent: { intro: '' },
  }
}
