import type { ImageUse } from '../photo-library/image-usage.ts'
import { EDIT_PREFIX } from '../routing/admin-paths.ts'
import { paths } from '../routing/public-paths.ts'
import { screenAddress } from '../routing/admin-screens.ts'

/** A place a photo is used, with where staff change it (none when no screen shows it alone). */
export type ImagePlace = { label: string; to?: string }

const idAt = (document: unknown, index: unknown): string | undefined => {
  if (!Array.isArray(document) || typeof index !== 'number') return undefined
  const item: unknown = document[index]
  return item && typeof item === 'object' && 'id' in item && typeof item.id === 'string'
    ? item.id
    : undefined
}

const inPlace = (path: string) => (path === '/' ? EDIT_PREFIX : `${EDIT_PREFIX}${path}`)

/** The pages that edit the rest of the documents in place, by content key. */
const PAGE_OF: Readonly<Record<string, string>> = {
  content: paths.home(),
  quickLinks: paths.home(),
  legacyStats: paths.home(),
  programCards: paths.programs(),
  fieldsContent: paths.fields(),
  clinics: paths.events(),
  alumni: paths.alumni(),
  rulesAndFaqContent: paths.rules(),
}

/**
 * Where a use of a photo is changed: a news post's editor, a team's page in edit mode, the
 * About editor, the rosters and staff screen, or the page that edits the document in place.
 *
 * @example
 * imagePlace({ key: 'newsPosts', path: [0, 'cardImageUrl'], label: 'News › Opening day › card image' }, docs)
 * // { label: 'News › Opening day › card image', to: screenAddress('NewsEditorRoute', 'news-opening-day') }
 */
export function imagePlace(
  use: ImageUse,
  documents: Readonly<Record<string, unknown>>,
): ImagePlace {
  const { key, path, label } = use
  const [first] = path
  switch (key) {
    case 'newsPosts':
    case 'newsDrafts': {
      const id = idAt(documents[key], first)
      return id
        ? { label, to: screenAddress('NewsEditorRoute', encodeURIComponent(id)) }
        : { label }
    }
    case 'teams':
      return typeof first === 'string' ? { label, to: inPlace(paths.teamByKey(first)) } : { label }
    case 'programsContent':
      return typeof first === 'string' ? { label, to: inPlace(paths.program(first)) } : { label }
    case 'staff':
      return { label, to: screenAddress('RostersStaffRoute') }
    case 'aboutContent':
      return { label, to: `${EDIT_PREFIX}/about-editor` }
    case 'alerts':
      return { label, to: screenAddress('AlertsRoute') }
    default: {
      const page = PAGE_OF[key]
      return page ? { label, to: inPlace(page) } : { label }
    }
  }
}
