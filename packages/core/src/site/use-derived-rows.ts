import { useContent, useContentSettled } from '../content/content-provider.tsx'
import { useEditing } from '../editing/editing-context.ts'
import type { Field } from '../entities/fields-content.ts'
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
