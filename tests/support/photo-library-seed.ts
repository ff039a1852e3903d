import type { SupabaseClient } from '@supabase/supabase-js'
import { samplePhoto } from '@club/photo-upload/testing'

// A photo library at club scale for the e2e (`tests/web/admin-photo-scale.spec.ts`) and the
// bench (`pnpm bench:photos`): rows made in the database in one statement (tens of thousands
// of rows through the API take minutes), sharing six real image files in the private bucket.

export const SEED_ALBUMS = [
  { id: 'spring-cup', title: 'Spring Cup' },
  { id: 'fall-ball', title: 'Fall Ball' },
  { id: 'picture-day', title: 'Picture Day' },
] as const

/** The six real files the rows name (`library/seed/photo-<n % 6>.jpg`), stored through the service role. */
export async function storeSeedFiles(service: SupabaseClient): Promise<void> {
  for (let k = 0; k < 6; k++) {
    const bytes = await samplePhoto({ width: 320, height: 240, seed: k + 1 })
    const { error } = await service.storage
      .from('photo-library-private')
      .upload(`library/seed/photo-${k}.jpg`, bytes, { contentType: 'image/jpeg', upsert: true })
    if (error) throw error
  }
}

/**
 * SQL that stores photos `first` … `first + count - 1` (and the albums, with the first batch),
 * as a bulk import leaves them minus the per-row triggers (versions, revisions): seeding only,
 * and 2× faster. Photo `n`:
 * - is taken 9 hours after photo `n - 1`, from 2005-01-01 00:00 UTC;
 * - is named `tournament-2019-<n>.jpg` when n % 500 = 11, `missing-file-<n>.jpg` when in
 *   `missing` (its file is not stored), else `IMG_<n, 5 digits>.jpg`;
 * - has no alt text when n % 7 = 0, "The shortstop at practice <n>" when n % 1000 = 5, else
 *   "Players on the field <n>"; a drafted one (needs_alt_text) when n % 50 = 3;
 * - is in album `SEED_ALBUMS[n % 10]` (the first three; none from the fourth on).
 */
export function photoSeedSql(first: number, count: number, missing: readonly number[] = []) {
  const missingList = missing.length > 0 ? missing.join(', ') : '-1'
  return `
set session_replication_role = replica;
${
  first === 0
    ? `insert into public.photo_albums (id, title) values
  ${SEED_ALBUMS.map((album) => `('${album.id}', '${album.title}')`).join(', ')};`
    : ''
}
insert into public.photos (id, src, thumbnail, file_name, alt, needs_alt_text, album_id,
                           width, height, taken_at, sha256)
select 'seed-' || n,
       file, file,
       case when n % 500 = 11 then 'tournament-2019-' || n || '.jpg'
            when n in (${missingList}) then 'missing-file-' || n || '.jpg'
            else 'IMG_' || lpad(n::text, 5, '0') || '.jpg' end,
       case when n % 7 = 0 then ''
            when n % 1000 = 5 then 'The shortstop at practice ' || n
            else 'Players on the field ' || n end,
       n % 50 = 3,
       (array[${SEED_ALBUMS.map((album) => `'${album.id}'`).join(', ')}])[n % 10 + 1],
       1600, 1200,
       timestamptz '2005-01-01 00:00:00+00' + n * interval '9 hours',
       encode(sha256(convert_to('seed ' || n, 'UTF8')), 'hex')
from (
  select n, case when n in (${missingList}) then 'library/seed/not-stored.jpg'
                 else 'library/seed/photo-' || (n % 6) || '.jpg' end as file
  from generate_series(${first}, ${first + count - 1}) as n
) as numbers;
set session_replication_role = origin;
analyze public.photos;
`
}
