import { useContent } from '../content/content-provider.tsx'
import type { WeatherPostingTimes } from '../entities/fields-content.ts'
import { useEditing } from '../editing/editing-context.ts'

/**
 * When weather decisions are posted, as staff edit them on /fields: the row the database
 * derives from `fieldsContent` for every page (`weatherPostingTimes`), or, while staff edit the
 * page, the times in the whole `fieldsContent` they edit (shown-keys.ts reads it there).
 *
 * @example
 * const times = usePostingTimes() // { countyWeekdayDecision: '15:00', … }
 */
export function usePostingTimes(): WeatherPostingTimes {
  const { isEditing } = useEditing()
  const shown = useContent(isEditing ? 'fieldsContent' : 'weatherPostingTimes')
  return 'weatherPostingTimes' in shown ? shown.weatherPostingTimes : shown
}
