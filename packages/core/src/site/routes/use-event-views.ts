import { useContent } from '../../content/content-provider.tsx'
import type { Clinic } from '../../entities/clinic.ts'
import { eventPageKey } from '../../entities/content-key-list.ts'
import { useEditing } from '../../editing/editing-context.ts'

/**
 * The events as their cards show them (/camps-events, home's events strip): the cards the
 * database derives from `clinics` (`eventCards`: the same list, without the descriptions), or,
 * while staff edit the page, the whole `clinics` they edit (shown-keys.ts reads it there).
 *
 * @example
 * const clinics = useEventCards()
 */
export function useEventCards(): readonly Clinic[] {
  const { isEditing } = useEditing()
  return useContent(isEditing ? 'clinics' : 'eventCards')
}

/**
 * The events an event page finds its own in: its own row (`event/<slug>`) alone, or, while
 * staff edit the page, the whole `clinics`. None when no event has that slug: the event must be
 * among the events there are (`eventSlugs`), since an event no longer stored has no row, and a
 * missing row reads as the built-in event of that slug.
 *
 * @example
 * const clinics = useEventsOfPage('summer-baseball-camp') // [the camp]
 */
export function useEventsOfPage(slug: string): readonly Clinic[] {
  const { isEditing } = useEditing()
  const shown = useContent(isEditing ? 'clinics' : eventPageKey(slug)) as
    Clinic | readonly Clinic[] | undefined
  // Which events there are (the whole `clinics` stands in while staff edit: it is read anyway).
  const there = useContent(isEditing ? 'clinics' : 'eventSlugs')
  if (shown === undefined || (!isEditing && !(there as readonly string[]).includes(slug))) return []
  return Array.isArray(shown) ? shown : [shown as Clinic]
}
