// Part of `pnpm bench:web`'s realistic content (bench-content.ts): the photo library,
// generated with sharp and uploaded to the `photo-library` bucket at content-addressed paths
// with thumbnails and medium copies, as the bulk uploader stores them, in twelve albums. The
// photos pages show are stored at 1600 × 1067 with grain, so that they weigh what photos do;
// the rest, which no public page shows, smaller and smooth, to keep the run short.
import { createHash } from 'node:crypto'

import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'

import { mediumSize } from '@club/core/entities'
import type { Photo, PhotoLibrary } from '@club/core/entities'
import { PHOTO_BUCKET, photoAddress, photoObjectPaths } from '@club/core/photo-rules'
import { createObjectUploader, runPool } from '@club/photo-upload'

/** Photos pages show are stored at this size; the rest of the library smaller (see below). */
const PAGE_PHOTO = { width: 1600, height: 1067 }
const LIBRARY_PHOTO = { width: 800, height: 533 }
const THUMBNAIL_WIDTH = 480

/** A seeded generator (mulberry32), so every run stores the same content. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const grainCache = new Map<string, Buffer>()
/** Fine grain of one size, made once and laid over every photo of that size. */
async function grain(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`
  let found = grainCache.get(key)
  if (!found) {
    found = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 10 },
      },
    })
      .png()
      .toBuffer()
    grainCache.set(key, found)
  }
  return found
}

/** A photo-like JPEG and its thumbnail: a random scene of a few colours, enlarged smoothly, with grain. */
async function makePhoto(
  seed: number,
  size: { width: number; height: number },
  withGrain: boolean,
) {
  const next = seeded(seed)
  const scene = Buffer.alloc(8 * 6 * 3)
  for (let i = 0; i < scene.length; i++) scene[i] = Math.floor(next() * 256)
  let pipeline = sharp(scene, { raw: { width: 8, height: 6, channels: 3 } }).resize(
    size.width,
    size.height,
    { kernel: 'cubic', fit: 'fill' },
  )
  if (withGrain) {
    pipeline = pipeline.composite([
      { input: await grain(size.width, size.height), blend: 'overlay' },
    ])
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true })
  const image = () => sharp(data, { raw: info })
  const photo = await image().jpeg({ quality: 80 }).toBuffer()
  const thumbnail = await image()
    .resize({ width: THUMBNAIL_WIDTH })
    .jpeg({ quality: 75 })
    .toBuffer()
  // The medium copy both uploaders make (the shared rule's size), for phones' srcset.
  const mediumFits = mediumSize(size.width, size.height)
  const medium = mediumFits
    ? {
        data: await image().resize(mediumFits).jpeg({ quality: 80 }).toBuffer(),
        ...mediumFits,
      }
    : undefined
  const hex = [0, 1, 2].map((c) => (scene[c] ?? 0).toString(16).padStart(2, '0')).join('')
  return { photo, thumbnail, medium, dominantColor: `#${hex}`, ...size }
}

const ALBUMS = [
  'Opening Day 2025',
  'Spring Season 2025',
  'Summer Camp 2025',
  'Fall Ball 2025',
  'Big Train Tournaments',
  'Flash Softball',
  'DMV Prospects Showcase',
  'Select Travel',
  'Tee Ball',
  'Fields and Facilities',
  'Volunteers and Coaches',
  'Opening Day 2026',
]

/** What a photo shows: its alt text, and the words posts and events use for theirs. */
export const SUBJECTS = [
  'Batter waiting on a pitch',
  'Shortstop fielding a ground ball',
  'Pitcher in the set position',
  'Team huddle before the game',
  'Catcher blocking a pitch in the dirt',
  'Outfielder tracking a fly ball',
  'Runner sliding into second',
  'Coach hitting fungoes at practice',
  'Players lined up for the anthem',
  'Dugout cheering a home run',
  'Families in the stands at dusk',
  'First baseman stretching for a throw',
]

type StoredPhoto = { photo: Photo; url: string }

/**
 * Generates the library's photos with sharp and uploads them (photo and thumbnail) to the
 * bucket, four at a time. Returns the library document and the public address of each photo.
 */
export async function storeLibrary(
  staff: SupabaseClient,
  backendUrl: string,
  /** How many photos the library holds, and how many of them pages show (the first ones). */
  count: number,
  pagePhotos: number,
  log: (line: string) => void,
) {
  let done = 0
  // The bulk uploader's own uploads (retried on a passing fault, as on a busy machine).
  // Straight into the public bucket: these photos stand for published ones, used by the posts.
  const uploader = createObjectUploader(staff, { bucket: PHOTO_BUCKET })
  const stored: StoredPhoto[] = new Array(count)
  const uploadedAt = new Date('2026-09-01T12:00:00Z').getTime()
  await runPool(
    Array.from({ length: count }, (_, index) => index),
    4,
    async (index) => {
      const onPage = index < pagePhotos
      const made = await makePhoto(index + 1, onPage ? PAGE_PHOTO : LIBRARY_PHOTO, onPage)
      const sha256 = createHash('sha256').update(made.photo).digest('hex')
      const paths = photoObjectPaths(sha256, 'image/jpeg')
      await uploader.upload(paths.src, made.photo, 'image/jpeg')
      await uploader.upload(paths.thumbnail, made.thumbnail, 'image/jpeg')
      if (made.medium) await uploader.upload(paths.medium, made.medium.data, 'image/jpeg')
      const album = index % ALBUMS.length
      const photo: Photo = {
        id: `photo-${String(index + 1).padStart(4, '0')}`,
        src: paths.src,
        thumbnail: paths.thumbnail,
        alt: `${SUBJECTS[index % SUBJECTS.length]}, ${ALBUMS[album]}`,
        width: made.width,
        height: made.height,
        albumId: `album-${album + 1}`,
        takenAt: new Date(uploadedAt - index * 3_600_000).toISOString(),
        uploadedAt: new Date(uploadedAt + index * 1_000).toISOString(),
        dominantColor: made.dominantColor,
        sha256,
        ...(made.medium
          ? { variants: [{ width: made.medium.width, src: paths.medium, format: 'jpeg' as const }] }
          : {}),
        ...(index % 5 === 0 ? { caption: SUBJECTS[index % SUBJECTS.length] } : {}),
      }
      if (++done % 250 === 0) log(`  ${done} of ${count} photos stored`)
      stored[index] = {
        photo,
        // The address the editors store when staff pick the photo (with its copies' widths).
        url: photoAddress(
          photo,
          (path) => `${backendUrl}/storage/v1/object/public/${PHOTO_BUCKET}/${path}`,
        ),
      }
    },
  )
  const library: PhotoLibrary = {
    albums: ALBUMS.map((title, index) => ({ id: `album-${index + 1}`, title })),
    photos: stored.map((entry) => entry.photo),
  }
  return { library, urls: stored.map((entry) => entry.url) }
}
