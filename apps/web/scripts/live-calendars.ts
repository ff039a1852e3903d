// The calendar feeds as the project's own server serves them: made from what is stored at each
// request, so a subscribed calendar sees a moved game at its next refresh, without a rebuild.
// Read as a visitor reads (the anon key, row-level security), parsed tolerantly as the pages
// are. A static host serves the files the last build wrote instead (see README).
import { siteCalendars } from '@club/core/calendar'
import { entitiesCatalog } from '@club/core/catalog'
import type { ContentDocuments } from '@club/core/entities'
import { createPublicContentRepository, createPublicReadClient } from '@club/core/public-read'

const KEYS = ['teams', 'fieldsContent', 'programsContent', 'clinics'] as const

export type LiveCalendars = (pathname: string) => Promise<string | undefined>

/**
 * A function from a `/calendars/….ics` path to the file made from what is stored now, or
 * undefined for a path that is no calendar. Throws when the backend cannot be read (the
 * server then serves the built file).
 *
 * @example
 * const calendar = liveCalendars({ backend, siteUrl: () => site.url })
 * await calendar('/calendars/select-13u.ics')
 */
export function liveCalendars(options: {
  backend: { url: string; anonKey: string }
  siteUrl: () => string
}): LiveCalendars {
  const repository = createPublicContentRepository(
    createPublicReadClient(options.backend, { deadlineMs: 5_000 }),
  )
  return async (pathname) => {
    if (!/^\/calendars\/(?:events\/)?[^/]+\.ics$/.test(pathname)) return undefined
    const rows = await repository.read([...KEYS])
    const documents = Object.fromEntries(
      KEYS.map((key) => {
        const row = rows.find((candidate) => candidate.key === key)
        return [
          key,
          row ? entitiesCatalog.parse(key, row.value).value : entitiesCatalog.defaultFor(key),
        ]
      }),
    ) as Pick<ContentDocuments, (typeof KEYS)[number]>
    const file = siteCalendars(documents, new Date(), options.siteUrl()).find(
      (candidate) => decodeURIComponent(candidate.path) === decodeURIComponent(pathname),
    )
    return file?.text
  }
}
