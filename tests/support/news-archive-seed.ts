// Ten years of news for the e2e (`tests/web/news-archive.spec.ts`) and the prerender's figures:
// published posts stored as rows (`news/<id>`, as the editor leaves them), made in the database
// in one statement. Two thousand saves through the API take minutes; here the per-row
// triggers (versions, revisions, the newest cards) are skipped while the rows go in, and the
// newest cards (`newsPosts`) are made once at the end, by the database's own function.

/** The built-in pictures the posts show (files of the site, so share images need no backend). */
const PICTURES = [
  '/images/news/registration.svg',
  '/images/news/tryouts.svg',
  '/images/news/weather.svg',
  '/images/news/legacy.svg',
] as const

/** The newest post's date; post `n` is `n × 2` days older. */
export const ARCHIVE_NEWEST = '2026-11-20'

/** The posts home's carousel shows: the three newest, and every 250th. */
export const inCarousel = (n: number) => n < 3 || n % 250 === 0

/** The address the post before the oldest had before its slug changed (`previousSlugs`). */
export const ARCHIVE_OLD_SLUG = 'archive-old-address'

/** Post `n` (0 is the newest): its id, slug, title and date, as `newsArchiveSql` stores it. */
export function archivePost(n: number) {
  const date = new Date(Date.parse(`${ARCHIVE_NEWEST}T00:00:00Z`) - n * 2 * 86_400_000)
    .toISOString()
    .slice(0, 10)
  return {
    id: `archive-${n}`,
    slug: `archive-${n}-${date}`,
    title: `Club news ${n} of ${date}`,
    date,
  }
}

/**
 * SQL that stores posts 0 … `count - 1` of the archive (see archivePost), published, each with
 * a picture and a body of a heading, three paragraphs and a list, then makes the newest cards.
 * The carousel shows those of `inCarousel`; post `count - 2` was once at ARCHIVE_OLD_SLUG.
 * Seeding only: the rows start at version 1 with no revisions.
 */
export function newsArchiveSql(count: number): string {
  const pictures = `array[${PICTURES.map((picture) => `'${picture}'`).join(', ')}]`
  return `
set session_replication_role = replica;
insert into public.website_content (key, value, version)
select 'news/archive-' || n,
       jsonb_build_object(
         'id', 'archive-' || n,
         'slug', 'archive-' || n || '-' || day,
         'title', 'Club news ' || n || ' of ' || day,
         'cardTitle', 'Club news ' || n || ' of ' || day,
         'author', 'Club Staff',
         'date', day,
         'imageUrl', picture,
         'cardImageUrl', picture,
         'excerpt', 'What happened at the club in the days before ' || day || ', and what comes next.',
         'cardExcerpt', 'News of ' || day || '.',
         'showInCarousel', n < 3 or n % 250 = 0,
         'published', true,
         'content', jsonb_build_array(
           jsonb_build_object('id', 'b1', 'type', 'heading2', 'colorClass', 'text-slate-900',
                              'text', 'Around the club'),
           jsonb_build_object('id', 'b2', 'type', 'paragraph', 'colorClass', 'text-slate-700',
                              'text', 'Families should plan to arrive thirty minutes before the first pitch so players have time to warm up together. Every player will get time at more than one position this season.'),
           jsonb_build_object('id', 'b3', 'type', 'paragraph', 'colorClass', 'text-slate-700',
                              'text', 'The county posts field status by 3:30 PM on weekdays and by 7:00 AM on weekends; we pass it on as soon as we hear.'),
           jsonb_build_object('id', 'b4', 'type', 'list', 'colorClass', 'text-slate-700',
                              'items', jsonb_build_array('Bring a glove and a water bottle.', 'Wear sunscreen.', 'Check the schedule on the team page.')),
           jsonb_build_object('id', 'b5', 'type', 'paragraph', 'colorClass', 'text-slate-700',
                              'text', 'Thank you to the parents who volunteered at the concession stand, on the scoreboard and behind the plate.')
         )
       ) || case when n = ${count - 2}
                 then jsonb_build_object('previousSlugs', jsonb_build_array('${ARCHIVE_OLD_SLUG}'))
                 else '{}'::jsonb end,
       1
from (
  select n,
         to_char(date '${ARCHIVE_NEWEST}' - n * 2, 'YYYY-MM-DD') as day,
         (${pictures})[n % ${PICTURES.length} + 1] as picture
  from generate_series(0, ${count - 1}) as n
) as posts;
set session_replication_role = origin;
analyze public.website_content;
select public.news_refresh_cards();
`
}
