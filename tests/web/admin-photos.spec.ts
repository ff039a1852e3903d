import { createHash, randomInt } from 'node:crypto'

import type { Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { findMetadata, MAX_EDGE, MEDIUM_WIDTH, THUMBNAIL_EDGE } from '@club/core/photos'
import { assertNoMetadata } from '@club/photo-upload'
import { sampleHeic, samplePhoto } from '@club/photo-upload/testing'

import { anonymousPage, editBarStatus, signIn } from '../fixtures/admin-session.ts'
import { describeSharedContent, expect, restoringContent, test } from '../fixtures/test.ts'

// The photo library in the browser (/admin/photo-library), against the real backend and bucket:
// what is stored carries no metadata, a photo needs alt text before a page can use it, files the
// bucket would refuse are named with the reason, and a photo a page uses cannot be deleted.
// Uploads stay in the private library bucket until a page uses them; pages load the copy in the
// public bucket.

const BUCKET = 'photo-library'
const LIBRARY = 'photo-library-private'

/** A real camera-sized JPEG with GPS and camera EXIF, different on every call. */
async function gpsPhoto(name: string, width = 3000, height = 2000) {
  const bytes = await samplePhoto({ width, height, gps: true, seed: randomInt(1, 1_000_000) })
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  // Where the library stores it (photoObjectPaths): named by the original file's SHA-256.
  const folder = `library/${sha256.slice(0, 2)}`
  return {
    bytes,
    sha256,
    id: `photo-${sha256.slice(0, 16)}`,
    // The library shows and searches the original file's name.
    name,
    src: `${folder}/${sha256}.jpg`,
    thumbnail: `${folder}/${sha256}-thumb.jpg`,
    // The copy phones load (photoObjectPaths' medium), for a photo wider than it.
    medium: `${folder}/${sha256}-${MEDIUM_WIDTH}w.jpg`,
  }
}

const uploads = (page: Page) => page.getByRole('list', { name: 'Uploads' })

/**
 * Opens `path` signed in as staff, once the library's rows have been read (an image picker
 * opened before that lists nothing).
 */
async function openWithLibrary(page: Page, path = '/admin/photo-library') {
  const libraryRead = page.waitForResponse(
    (response) =>
      page.url().endsWith(path) &&
      new URL(response.url()).pathname === '/rest/v1/photos' &&
      response.ok(),
    // The first sign-in of a worker loads the admin's code cold: slow on a busy machine.
    { timeout: 60_000 },
  )
  await signIn(page, undefined, path)
  await libraryRead
}

/** Picks `files` in the library's file picker and waits until each row says how it went. */
async function upload(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
  status: 'Uploaded' | 'Not uploaded',
) {
  await page.getByLabel('Photos to upload').setInputFiles(files)
  for (const file of files) {
    const row = uploads(page).getByRole('listitem').filter({ hasText: file.name })
    await expect(row).toContainText(status, { timeout: 30_000 })
  }
}

/** The public address of a path: what pages store and anyone may load (once published). */
const publicAddress = (backendUrl: string, path: string) =>
  `${backendUrl}/storage/v1/object/public/${BUCKET}/${path}`

/** A staff member's signed address of a path in the private library. */
async function signedAddress(backend: { staff(): Promise<SupabaseClient> }, path: string) {
  const { data, error } = await (
    await backend.staff()
  ).storage
    .from(LIBRARY)
    .createSignedUrl(path, 120)
  if (error) throw error
  return data.signedUrl
}

/** The object at `url`, fetched over HTTP with no session. */
async function download(url: string) {
  const response = await fetch(url)
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

/** The pixel size of an image at `url`, as a browser decodes it. */
async function decodedSize(page: Page, url: string): Promise<[number, number]> {
  return page.evaluate(async (src) => {
    const image = new Image()
    image.src = src
    await image.decode()
    return [image.naturalWidth, image.naturalHeight] as [number, number]
  }, url)
}

test.describe('photo library: refused files', () => {
  test('should name each file the bucket would refuse, and why, without uploading it', async ({
    page,
  }) => {
    await signIn(page, undefined, '/admin/photo-library')
    const files = [
      { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') },
      { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: sampleHeic() },
      // Over the bucket's 10 MiB limit, though of an accepted type.
      {
        name: 'huge.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(10 * 1024 * 1024 + 512 * 1024, 1),
      },
    ]
    await upload(page, files, 'Not uploaded')
    const row = (name: string) => uploads(page).getByRole('listitem').filter({ hasText: name })
    await expect(row('minutes.pdf')).toContainText(
      'minutes.pdf is not a photo the library accepts. Use JPEG, PNG, WebP, AVIF or GIF.',
    )
    await expect(row('IMG_0042.HEIC')).toContainText(
      'IMG_0042.HEIC is not a photo the library accepts. Use JPEG, PNG, WebP, AVIF or GIF.',
    )
    await expect(row('huge.jpg')).toContainText(
      'huge.jpg is 10.5 MiB; the library accepts files up to 10 MiB.',
    )
    // None of them got a progress bar: nothing was sent.
    await expect(uploads(page).getByRole('progressbar')).toHaveCount(0)
  })
})

describeSharedContent('photo library: uploads and use', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 })

  test('should store an uploaded GPS-tagged JPEG resized, with its thumbnail and medium copy, and no metadata', async ({
    page,
    backend,
  }) => {
    const photo = await gpsPhoto(`IMG_${randomInt(1000, 9999)}.jpg`)
    // The picked file really carries the GPS EXIF that must not reach the bucket.
    expect(findMetadata(photo.bytes).findings.map((finding) => finding.kind)).toContain('exif')
    await expect(assertNoMetadata(photo.bytes)).rejects.toThrow(/EXIF/)

    await openWithLibrary(page)
    await upload(
      page,
      [{ name: photo.name, mimeType: 'image/jpeg', buffer: photo.bytes }],
      'Uploaded',
    )

    for (const [path, edge] of [
      [photo.src, MAX_EDGE],
      [photo.thumbnail, THUMBNAIL_EDGE],
      // Landscape: its long edge is its width.
      [photo.medium, MEDIUM_WIDTH],
    ] as const) {
      // Private until a page uses it: nothing at the public address.
      expect((await download(publicAddress(backend.url, path))).status, path).toBe(400)
      const signed = await signedAddress(backend, path)
      const stored = await download(signed)
      expect(stored.status, path).toBe(200)
      expect(stored.type).toBe('image/jpeg')
      // (A signed address answers with Expires instead of Cache-Control, as Storage does.)
      // No EXIF, XMP, IPTC, comment or trailing data: by our scanner, by libvips and by exifr.
      expect(findMetadata(stored.bytes)).toEqual({ format: 'jpeg', findings: [] })
      await assertNoMetadata(stored.bytes)
      expect(stored.bytes.includes('Exif')).toBe(false)
      expect(stored.bytes.includes('SampleCam')).toBe(false)
      // Resized in the browser: the long edge at most the limit, the shape kept.
      const [width, height] = await decodedSize(page, signed)
      expect(Math.max(width, height)).toBe(edge)
      expect(Math.abs(width / height - 1.5)).toBeLessThan(0.01)
    }

    // Recorded as a row of the library (staff only), waiting for a person to write its alt text.
    const staff = await backend.staff()
    const recorded = await staff
      .from('photos')
      .select('src,thumbnail,file_name,alt,needs_alt_text,width,sha256,variants')
      .eq('id', photo.id)
    expect(recorded.data).toEqual([
      {
        src: photo.src,
        thumbnail: photo.thumbnail,
        file_name: photo.name,
        alt: '',
        needs_alt_text: true,
        width: MAX_EDGE,
        sha256: photo.sha256,
        variants: [{ width: MEDIUM_WIDTH, src: photo.medium, format: 'jpeg' }],
      },
    ])
    // Visitors read nothing of the library.
    expect((await backend.anon.from('photos').select('id')).status).toBe(401)

    // Alt text is required: an empty one is refused, a written one confirms the photo.
    const cell = page.getByRole('gridcell').filter({ hasText: photo.name })
    await expect(cell.getByText('Needs alt text')).toBeVisible()
    await cell.click()
    const card = page.getByRole('dialog', { name: photo.name })
    await card.getByRole('button', { name: 'Confirm alt text' }).click()
    await expect(
      card.getByText('Alt text is required: describe what the photo shows.'),
    ).toBeVisible()
    await card
      .getByLabel(`Alt text for ${photo.name}`)
      .fill('Players lined up on the first-base line')
    await card.getByRole('button', { name: 'Confirm alt text' }).click()
    await expect(card.getByRole('status').first()).toHaveText('Saved')
    await card.getByRole('button', { name: 'Close' }).click()
    await expect(cell.getByText('Needs alt text')).toHaveCount(0)
  })

  test('should need alt text before a page uses a photo, show it to visitors, and refuse to delete it', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    const photo = await gpsPhoto(`dugout-${randomInt(1000, 9999)}.jpg`, 1600, 900)
    await openWithLibrary(page)
    await upload(
      page,
      [{ name: photo.name, mimeType: 'image/jpeg', buffer: photo.bytes }],
      'Uploaded',
    )

    // Use it as the Tee Ball page's hero image, picked in place from the library.
    await openWithLibrary(page, '/admin/edit/programs/tee-ball')
    await page.getByRole('button', { name: /^Change image: tee-ball hero image/ }).click()
    const picker = page.getByRole('dialog', { name: 'Choose an image' })
    // Its alt text is not written yet, so the picker lists it by its file name and asks for it.
    await picker.getByRole('radio', { name: photo.name }).check()
    const alt = picker.getByLabel('Alt text (required)')
    await expect(alt).toHaveValue('')
    const use = picker.getByRole('button', { name: 'Use this photo' })
    await expect(use).toBeDisabled()
    await alt.fill('The dugout before the first game')
    await expect(use).toBeEnabled()
    await use.click()
    await expect(picker).toHaveCount(0)
    await expect(editBarStatus(page)).toContainText('Content Saved!', { timeout: 15_000 })

    // A visitor sees the photo on the public page after a reload.
    const visitor = await anonymousPage(browser, baseURL)
    await visitor.page.goto('/programs/tee-ball')
    await visitor.page.reload()
    await expect(visitor.page.locator('.program-hero__image')).toHaveAttribute(
      'src',
      new RegExp(`/storage/v1/object/public/${BUCKET}/${photo.src}$`),
      { timeout: 15_000 },
    )
    // With its medium copy in a srcset, which phones load: published with it when picked.
    const hero = visitor.page.locator('.program-hero__image')
    await expect(hero).toHaveAttribute(
      'srcset',
      new RegExp(
        `^\\S+/public/${BUCKET}/${photo.medium} ${MEDIUM_WIDTH}w, \\S+/public/${BUCKET}/${photo.src} 1600w$`,
      ),
    )
    await expect(hero).toHaveAttribute('sizes', /100vw$/)
    await expect(hero).toHaveAttribute('fetchpriority', 'high')
    await expect
      .poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0)
    expect((await download(publicAddress(backend.url, photo.medium))).status).toBe(200)
    await visitor.close()
    // Published when it was placed: its public address answers, cached as the library's files are.
    const published = await download(publicAddress(backend.url, photo.src))
    expect(published.status).toBe(200)
    expect(published.cacheControl).toContain('max-age=3600')

    // The library refuses to delete it and says where it is used.
    await page.goto('/admin/photo-library')
    await page.getByLabel('Search').fill(photo.name)
    await page.getByRole('gridcell').filter({ hasText: photo.name }).click()
    const details = page.getByRole('dialog', { name: photo.name })
    await expect(details.getByRole('listitem')).toHaveText([
      'Program pages › Tee Ball › hero image',
    ])
    await details.getByRole('button', { name: `Delete ${photo.name}` }).click()
    const refusal = page.getByRole('dialog', { name: `${photo.name} cannot be deleted` })
    await expect(refusal).toBeVisible()
    await expect(refusal).toContainText('It is used in 1 place. Replace it there first:')
    await expect(refusal.getByRole('listitem')).toHaveText([
      'Program pages › Tee Ball › hero image',
    ])
    // Each place leads to where it is changed: here, the program's page in edit mode.
    await expect(
      refusal.getByRole('link', { name: 'Program pages › Tee Ball › hero image' }),
    ).toHaveAttribute('href', '/admin/edit/programs/tee-ball')
    await expect(refusal.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    await refusal.getByRole('button', { name: 'Close' }).click()
    // Both files are still stored.
    for (const path of [photo.src, photo.thumbnail]) {
      expect((await download(await signedAddress(backend, path))).status, path).toBe(200)
    }
  })

  test('should publish a photo picked on the Rosters screen before the save that places it', async ({
    page,
    backend,
  }) => {
    const photo = await gpsPhoto(`coach-${randomInt(1000, 9999)}.jpg`, 1200, 900)
    await openWithLibrary(page)
    await upload(
      page,
      [{ name: photo.name, mimeType: 'image/jpeg', buffer: photo.bytes }],
      'Uploaded',
    )
    expect((await download(publicAddress(backend.url, photo.src))).status).toBe(400)

    await restoringContent(backend, ['staff'], async () => {
      await openWithLibrary(page, '/admin/rosters-staff')
      const card = page.getByRole('listitem').filter({
        has: page.getByRole('button', { name: 'Drag Coach F. Ibarra', exact: true }),
      })
      await card.getByRole('button', { name: /^Change image: staff item \d+ image url/ }).click()
      const picker = page.getByRole('dialog', { name: 'Choose an image' })
      await picker.getByRole('radio', { name: photo.name }).check()
      await picker.getByLabel('Alt text (required)').fill('Coach Ibarra at first base')
      await picker.getByRole('button', { name: 'Use this photo' }).click()
      await expect(picker).toBeHidden()

      // What a visitor would get at the card's address at the moment the staff document is
      // stored: the save is held until the public address has been fetched.
      const atSave: number[] = []
      await page.route(
        (url) => url.pathname === '/rest/v1/website_content',
        async (route) => {
          const body = route.request().postData() ?? ''
          if (route.request().method() === 'POST' && body.includes(photo.src)) {
            atSave.push((await download(publicAddress(backend.url, photo.src))).status)
          }
          await route.continue()
        },
      )
      await page.getByRole('button', { name: 'Save changes' }).first().click()
      await expect(
        page.getByRole('region', { name: /Notifications/ }).getByText('Content Saved!', {
          exact: true,
        }),
      ).toBeVisible({ timeout: 15_000 })
      expect(atSave).toEqual([200])
      await page.unrouteAll({ behavior: 'wait' })
    })
  })
})
