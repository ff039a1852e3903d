// Part of `pnpm bench:web`: realistic stored content for the second run, in the bench's own
// in-memory backend. A club a few seasons in:
//
// - a photo library of 1,500 photos in the `photo-library` bucket, in twelve albums, generated
//   and uploaded by bench-library.ts (the 110 that pages show weigh what photos do);
// - 60 news posts, each with a hero photo from the library and a body of headings,
//   paragraphs, a list, an inline photo and a button;
// - the 10 teams with full rosters (18 players), a season's schedule (about 40 entries) and a
//   hero photo;
// - 20 camps, clinics and events, each with a photo;
// - the programs and the fields as the samples have them, saved as staff save them (a club's
//   site stores both once staff edit a program or a field; every page's header reads of the
//   programs, and the fields' posting times show in every page's alerts bar).
//
// The sample items keep their ids and slugs (their pages are prerendered whichever list the
// build reads paths from); the rest are new. Every document is checked against its schema
// before it is saved, through the repository staff saves use.
import { createClient } from '@supabase/supabase-js'

import { createContentRepository } from '@club/core/content-store'
import { DEFAULT_CONTENT } from '@club/core/defaults'
import { isValidDocument, newsPostKey } from '@club/core/entities'
import type { Clinic, ContentKey, NewsPost, Player, ScheduleEntry, Team } from '@club/core/entities'

import { seeded, storeLibrary, SUBJECTS } from './bench-library.ts'

/** The staff login supabase/seed.sql creates in every local backend. */
const SEEDED_STAFF = { email: 'staff@club.local', password: 'club-staff-2026' }

/**
 * BENCH_POSTS: the archives measured, one after the other in the same backend: `60,2000` (the
 * default) is a few seasons in, then ten years of news (#35's archive, one post every two days);
 * `2000` or `60` alone measures that one.
 */
export const BENCH_POST_COUNTS = (process.env.BENCH_POSTS ?? '60,2000')
  .split(',')
  .map((count) => Number(count.trim()))
  .filter((count) => Number.isInteger(count) && count > 0)

export const REALISTIC = {
  posts: BENCH_POST_COUNTS[0] ?? 60,
  teams: 10,
  events: 20,
  photos: 1_500,
  rosterSize: 18,
}
/** Photos the posts use, at most: an archive reuses them (a library holds 1,500). */
const POST_PHOTOS = Math.min(REALISTIC.posts * 2, 400)
/** Days between two posts: every nine days a few seasons in, every two over ten years. */
const postEveryDays = (count: number) => (count > 100 ? 2 : 9)

const random = seeded(2026)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))

const FIRST = [
  'Liam',
  'Noah',
  'Mateo',
  'Elijah',
  'Lucas',
  'Ava',
  'Mia',
  'Sofia',
  'Isabella',
  'Ethan',
  'James',
  'Aiden',
  'Owen',
  'Harper',
  'Camila',
  'Leo',
  'Caleb',
  'Zoe',
  'Nora',
  'Julian',
  'Diego',
  'Grace',
  'Malik',
  'Jayden',
  'Aria',
  'Santiago',
  'Elena',
  'Marcus',
  'Riley',
  'Quinn',
]
const LAST = [
  'Johnson',
  'Williams',
  'Garcia',
  'Martinez',
  'Brown',
  'Davis',
  'Rodriguez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Jackson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
]

const TOPICS = [
  ['Spring Registration Reminder', 'registration'],
  ['Tryout Results Posted', 'tryouts'],
  ['Big Train Wins the Memorial Day Classic', 'tournament'],
  ['Field Renovation Update', 'fields'],
  ['Coach Spotlight', 'coaches'],
  ['Volunteer Umpire Training', 'umpires'],
  ['Summer Camp Registration Opens', 'camp'],
  ['Flash Softball Heads to Nationals', 'softball'],
  ['Alumni Signing Day', 'alumni'],
  ['Picture Day Schedule', 'picture-day'],
  ['Fall Ball Standings', 'standings'],
  ['Rainout Makeup Dates', 'rainouts'],
] as const

const SENTENCES = [
  'Families should plan to arrive thirty minutes before the first pitch so players have time to warm up together.',
  'Our coaches spent the off-season working on a development plan that carries from Tee Ball through the travel teams.',
  'Every player will get time at more than one position this season, and every player will bat in the order.',
  'The county posts field status by 3:30 PM on weekdays and by 7:00 AM on weekends; we pass it on as soon as we hear.',
  'Thank you to the parents who volunteered at the concession stand, on the scoreboard and behind the plate.',
  'Uniform pickup takes place at the equipment shed behind Field 2 on Saturday from 9:00 AM to noon.',
  'Players should bring a glove, a water bottle, sunscreen and a batting helmet that fits; the club provides bats.',
  'Financial aid is available for every program, and no child is turned away for inability to pay.',
  'The schedule on the team pages is the one to trust: it changes first when a game is moved or a field closes.',
  'We are proud of how our players represented the club, on the field and in the way they treated their opponents.',
]

const paragraph = (count: number) => Array.from({ length: count }, () => pick(SENTENCES)).join(' ')

function newsPosts(photo: () => string, count: number): NewsPost[] {
  const samples = DEFAULT_CONTENT.newsPosts
  const posts: NewsPost[] = []
  for (let index = 0; index < count; index++) {
    const sample = samples[index]
    const [topic, slugBase] = TOPICS[index % TOPICS.length] as (typeof TOPICS)[number]
    const date = new Date(Date.UTC(2026, 10, 20) - index * postEveryDays(count) * 86_400_000)
      .toISOString()
      .slice(0, 10)
    const title =
      sample?.title ?? `${topic}${index >= TOPICS.length ? ` (${date.slice(0, 7)})` : ''}`
    const hero = photo()
    posts.push({
      id: sample?.id ?? `news-${slugBase}-${index + 1}`,
      slug: sample?.slug ?? `${slugBase}-${date}`,
      title,
      cardTitle: title,
      author: pick(['Club Staff', 'Board of Directors', 'Coach Rivera', 'Coach Thompson']),
      date: sample?.date ?? date,
      imageUrl: hero,
      cardImageUrl: hero,
      excerpt: paragraph(2),
      cardExcerpt: pick(SENTENCES),
      showInCarousel: index < 3,
      content: [
        { id: 'b1', type: 'heading2', colorClass: 'text-slate-900', text: topic },
        { id: 'b2', type: 'paragraph', colorClass: 'text-slate-700', text: paragraph(4) },
        { id: 'b3', type: 'paragraph', colorClass: 'text-slate-700', text: paragraph(3) },
        {
          id: 'b4',
          type: 'image',
          colorClass: '',
          src: photo(),
          alt: pick(SUBJECTS),
          caption: pick(SUBJECTS),
        },
        {
          id: 'b5',
          type: 'heading3',
          colorClass: 'text-slate-900',
          text: 'What families need to know',
        },
        {
          id: 'b6',
          type: 'list',
          colorClass: 'text-slate-700',
          items: Array.from({ length: 4 }, () => pick(SENTENCES)),
        },
        { id: 'b7', type: 'paragraph', colorClass: 'text-slate-700', text: paragraph(3) },
        {
          id: 'b8',
          type: 'button',
          colorClass: '',
          text: 'See the schedule',
          link: '/schedule',
          variant: 'primary',
        },
      ],
    })
  }
  return posts
}

const FIELD_IDS = DEFAULT_CONTENT.fieldsContent.fields.map((field) => field.id)
const OPPONENTS = [
  'Rockville Express',
  'Bethesda Bulldogs',
  'Potomac Patriots',
  'Olney Owls',
  'Silver Spring Storm',
  'Germantown Giants',
  'Arlington Aces',
  'Fairfax Flyers',
  'Laurel Lightning',
  'Frederick Fury',
]

function schedule(teamId: string): ScheduleEntry[] {
  const start = Date.UTC(2026, 2, 14)
  return Array.from({ length: 40 }, (_, index) => {
    const game = index % 3 !== 2
    const home = index % 2 === 0
    return {
      id: `${teamId}-${index + 1}`,
      kind: game ? 'game' : 'practice',
      date: new Date(start + index * 3.5 * 86_400_000).toISOString().slice(0, 10),
      time: pick(['9:00 AM', '11:30 AM', '2:00 PM', '5:30 PM', '6:00 PM']),
      durationMinutes: game ? 120 : 90,
      opponent: game ? pick(OPPONENTS) : 'Team practice',
      homeAway: game ? (home ? 'home' : 'away') : 'neutral',
      fieldId: home || !game ? pick(FIELD_IDS) : '',
      location: home || !game ? '' : `${pick(OPPONENTS).split(' ')[0]} Community Park`,
      status: index === 7 ? 'cancelled' : index === 12 ? 'postponed' : 'scheduled',
      note: index === 7 ? 'Rained out; makeup date to be announced.' : '',
    }
  })
}

function teams(photo: () => string): Record<string, Team> {
  const result: Record<string, Team> = {}
  for (const [id, team] of Object.entries(DEFAULT_CONTENT.teams).slice(0, REALISTIC.teams)) {
    const numbers = new Set<number>()
    const roster: Player[] = Array.from({ length: REALISTIC.rosterSize }, (_, index) => {
      const base = team.roster[index % team.roster.length] as Player
      let number = between(1, 99)
      while (numbers.has(number)) number = between(1, 99)
      numbers.add(number)
      return {
        ...base,
        id: `${id}-player-${String(index + 1).padStart(2, '0')}`,
        name: `${pick(FIRST)} ${pick(LAST)}`,
        number,
        imageUrl: '',
      }
    })
    result[id] = {
      ...team,
      roster,
      heroContent: {
        title: team.heroContent?.title ?? team.name,
        subtitle: team.heroContent?.subtitle ?? '',
        imageUrl: photo(),
      },
      schedule: schedule(id),
    }
  }
  return result
}

function clinics(photo: () => string): Clinic[] {
  const samples = DEFAULT_CONTENT.clinics
  const kinds = ['camp', 'clinic', 'event'] as const
  return Array.from({ length: REALISTIC.events }, (_, index) => {
    const sample = samples[index]
    const startDate = new Date(Date.UTC(2027, 0, 9) + index * 11 * 86_400_000)
      .toISOString()
      .slice(0, 10)
    const image = { imageUrl: photo(), imageAlt: pick(SUBJECTS) }
    if (sample) return { ...sample, ...image }
    const kind = kinds[index % kinds.length] as (typeof kinds)[number]
    const title = `${pick(['Winter', 'Spring', 'Summer', 'Fall'])} ${pick(['Hitting', 'Fielding', 'Pitching', 'Catching', 'Base-running'])} ${kind === 'camp' ? 'Camp' : kind === 'clinic' ? 'Clinic' : 'Night'}`
    return {
      id: `clinic-${index + 1}`,
      slug: `${title.toLowerCase().replace(/[^a-z]+/g, '-')}-${index + 1}`,
      title,
      kind,
      summary: pick(SENTENCES),
      description: [paragraph(3), paragraph(2)],
      ageRange: pick(['Ages 5–7', 'Ages 7–12', 'Ages 9–14', 'Ages 13–18']),
      startDate,
      endDate: startDate,
      times: pick(['9:00 AM – noon', '6:00 PM – 8:00 PM', '1:00 PM – 4:00 PM']),
      location: { name: 'Hollow Oak Park', address: '1200 Hollow Oak Drive, Rockville, MD 20850' },
      price: pick(['$45', '$120', '$350', 'Free']),
      registrationLink: index % 2 ? 'https://example.org/register' : '',
      ...image,
    }
  })
}

/** Signs in as the seeded staff account of `backend`. */
async function signInStaff(backend: { url: string; anonKey: string }) {
  const staff = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { error } = await staff.auth.signInWithPassword(SEEDED_STAFF)
  if (error) throw new Error(`Could not sign in as ${SEEDED_STAFF.email}: ${error.message}`)
  return staff
}

/** The page photos of the library stored last (storeRealisticContent), for later posts. */
let pagePhotoUrls: readonly string[] = []

/**
 * Stores the realistic content in `backend` as its seeded staff account, with `posts` news
 * posts (REALISTIC.posts by default); returns what was stored, by key, and how long generating
 * and uploading the photos took.
 */
export async function storeRealisticContent(
  backend: { url: string; anonKey: string },
  log: (line: string) => void = () => {},
  posts = REALISTIC.posts,
): Promise<{ documents: Partial<Record<ContentKey, unknown>>; photoSeconds: number }> {
  const staff = await signInStaff(backend)

  // Page photos come first in the library: a post's hero and inline photo, each team's hero, each event's photo.
  const pagePhotos = POST_PHOTOS + REALISTIC.teams + REALISTIC.events
  const started = performance.now()
  const { library, urls } = await storeLibrary(
    staff,
    backend.url,
    REALISTIC.photos,
    pagePhotos,
    log,
  )
  const photoSeconds = (performance.now() - started) / 1000
  pagePhotoUrls = urls.slice(0, pagePhotos)
  let next = 0
  const photo = () => urls[next++ % pagePhotos] as string

  const documents = {
    teams: teams(photo),
    clinics: clinics(photo),
    programsContent: DEFAULT_CONTENT.programsContent,
    fieldsContent: DEFAULT_CONTENT.fieldsContent,
    photoLibrary: library,
  } satisfies Partial<Record<ContentKey, unknown>>

  const repository = createContentRepository(staff)
  const current = new Map(
    (await repository.read(Object.keys(documents))).map((row) => [row.key, row.version]),
  )
  for (const [key, value] of Object.entries(documents) as [ContentKey, unknown][]) {
    if (!isValidDocument(key, value)) throw new Error(`The realistic ${key} document is not valid`)
    await repository.save(key, value, current.get(key) ?? 0)
  }
  const stored = await storePosts(staff, newsPosts(photo, posts), log)
  await staff.auth.signOut()
  return { documents: { ...documents, newsPosts: stored }, photoSeconds }
}

/**
 * Stores the realistic archive of `count` posts in `backend`, over the posts stored there
 * (with the photos storeRealisticContent stored): the second archive a run measures.
 */
export async function storeRealisticPosts(
  backend: { url: string; anonKey: string },
  count: number,
  log: (line: string) => void = () => {},
): Promise<void> {
  const staff = await signInStaff(backend)
  let next = 0
  const photo = () => pagePhotoUrls[next++ % pagePhotoUrls.length] as string
  await storePosts(staff, newsPosts(photo, count), log)
  await staff.auth.signOut()
}

/** Saves each post as the editor saves one; returns them. */
async function storePosts(
  staff: Awaited<ReturnType<typeof signInStaff>>,
  posts: NewsPost[],
  log: (line: string) => void,
): Promise<NewsPost[]> {
  const repository = createContentRepository(staff)
  // Each post is a document of its own (`news/<id>`), saved as the editor saves one; the
  // database keeps the newest cards (`newsPosts`).
  // Read in groups: two thousand keys do not fit in one request's address.
  const storedPosts = new Map<string, number>()
  for (let from = 0; from < posts.length; from += 100) {
    const keys = posts.slice(from, from + 100).map((post) => newsPostKey(post.id))
    for (const row of await repository.read(keys)) storedPosts.set(row.key, row.version)
  }
  const postsStarted = performance.now()
  for (const post of posts) {
    const key = newsPostKey(post.id)
    const value = { ...post, published: true }
    if (!isValidDocument(key, value)) throw new Error(`The realistic post ${post.id} is not valid`)
    await repository.save(key, value, storedPosts.get(key) ?? 0)
  }
  log(
    `stored ${posts.length} news posts in ${((performance.now() - postsStarted) / 1000).toFixed(0)} s`,
  )
  return posts
}
