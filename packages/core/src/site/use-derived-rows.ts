/*
 * The rows the database derives for what every page's chrome and the schedule pages show, each
 * read as its row, or, while staff edit the page, as its part of the whole source document they
 * edit (shown-keys.ts reads the source there).
 */
import { useContent, useContentSettled } from '../content/content-provider.tsx'
import { useEditing } from '../editing/editing-context.ts'
import type { Field, WeatherPostingTimes } from '../entities/fields-content.ts'
import type { SiteFooterContent } from '../entities/home-content.ts'

/**
 * What the footer shows of the home document: the row the database derives for it
 * (`siteFooter`: the social links and the club's contact details), or, while staff edit the
 * page, the whole `content` they edit (shown-keys.ts reads it there).
 *
 * @example
 * const { footer, contact } = useSiteFooter()
 */
export function useSiteFooter(): SiteFooterContent {
  const { isEditing } = useEditing()
  return useContent(isEditing ? 'content' : 'siteFooter')
}

/**
 * The club's fields as the pages that say where games are played show them (a team page,
 * /schedule): the row the database derives from `fieldsContent` (`fieldList`), or, while staff
 * edit the page, the fields of the whole `fieldsContent`; and whether the read that carries
 * them is over (until then a field's status is held: it may be stale).
 *
 * @example
 * const { fields, settled } = useFieldList()
 */
export function useFieldList(): { fields: readonly Field[]; settled: boolean } {
  const { isEditing } = useEditing()
  const key = isEditing ? 'fieldsContent' : 'fieldList'
  const shown: Field[] | { fields: Field[] } = useContent(key)
  const settled = useContentSettled(key)
  return { fields: Array.isArray(shown) ? shown : shown.fields, settled }
}

/**
 * When weather decisions are posted, as staff edit them on /fields: the row the database
 * derives from `fieldsContent` for every page (`weatherPostingTimes`), or, while staff edit the
 * page, the times in the whole `fieldsContent` they edit.
 *
 * @example
 * const times = usePostingTimes() // { countyWeekdayDecision: '15:00', … }
 */
export function usePostingTimes(): WeatherPostingTimes {
  const { isEditing } = useEditing()
  const shown = useContent(isEditing ? 'fieldsContent' : 'weatherPostingTimes')
  return 'weatherPostingTimes' in shown ? shown.weatherPostingTimes : shown
}
