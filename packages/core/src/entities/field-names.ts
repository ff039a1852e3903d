/*
 * What the fields and list items of a stored document are called on the admin's screens, for
 * every message that names one (the conflict dialog, the history, its summaries): "Alert 2 ›
 * Title", "Section 1 › Title", never a path such as "alerts item 2 title". Pure and small: the
 * signed-in area's start-up code may import it (not jsondiffpatch's modules).
 */

/** Field names that read badly when only split into words. */
const FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  slug: 'Web address',
  src: 'Image',
  alt: 'Alt text',
  url: 'Address',
  imageUrl: 'Image',
  cardImageUrl: 'Card image',
  logoUrl: 'Logo',
  backgroundUrl: 'Background image',
  isActive: 'Active',
  isPinned: 'Pinned',
  isDraftPick: 'Draft pick',
  showInCarousel: 'In the home carousel',
  alert_category: 'Category',
  status_type: 'Status type',
  startDate: 'Starts',
  endDate: 'Ends',
  dueDate: 'Due',
  colorClass: 'Colour',
  batsThrows: 'Bats/throws',
  gradYear: 'Graduation year',
  mlbDraftPicks: 'MLB draft picks',
  faq: 'FAQ',
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * A field's name for people: `cardTitle` → "Card title", `status_type` → "Status type",
 * `isActive` → "Active".
 *
 * @example
 * fieldLabel('legacyImpact') // 'Legacy impact'
 */
export function fieldLabel(name: string): string {
  const known = FIELD_LABELS[name]
  if (known) return known
  const words = name
    .replace(/^is(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return capitalized(words || name)
}

/** A kind of thing a list holds: its name for one and for several. */
export type Noun = readonly [one: string, many: string]

/** What the items of each list document are called. */
export const ROOT_NOUNS: Readonly<Record<string, Noun>> = {
  alerts: ['alert', 'alerts'],
  newsPosts: ['news post', 'news posts'],
  legacyStats: ['stat', 'stats'],
  clinics: ['camp or event', 'camps and events'],
  programCards: ['program card', 'program cards'],
  quickLinks: ['quick link', 'quick links'],
  staff: ['staff member', 'staff members'],
  adminReminders: ['reminder', 'reminders'],
  // Records keyed by slug: each entry is an item.
  teams: ['team', 'teams'],
  programsContent: ['program page', 'program pages'],
}

/** Documents that are records of items keyed by slug rather than lists. */
export const ROOT_RECORDS = new Set(['teams', 'programsContent'])

/** Lists inside documents whose field name does not say what they hold. */
export const LIST_NOUNS: Readonly<Record<string, Noun>> = {
  roster: ['player', 'players'],
  schedule: ['game', 'games'],
  coaches: ['coach', 'coaches'],
  description: ['paragraph', 'paragraphs'],
  body: ['paragraph', 'paragraphs'],
  paragraphs: ['paragraph', 'paragraphs'],
  mlbDraftPicks: ['draft pick', 'draft picks'],
  collegeCommits: ['college commit', 'college commits'],
  sliderImages: ['slider photo', 'slider photos'],
  images: ['photo', 'photos'],
  faq: ['question', 'questions'],
}

export const lowerFirst = (label: string) =>
  label.startsWith('“') || /^[A-Z]{2}/.test(label)
    ? label
    : label.charAt(0).toLowerCase() + label.slice(1)

export function nounOf(key: string | undefined, list: readonly (string | number)[]): Noun {
  const name = [...list].reverse().find((segment) => typeof segment === 'string')
  if (list.length === 0 || name === undefined) {
    return (key !== undefined && ROOT_NOUNS[key]) || ['item', 'items']
  }
  const known = LIST_NOUNS[name]
  if (known) return known
  const many = lowerFirst(fieldLabel(name))
  const one = many.endsWith('ies')
    ? `${many.slice(0, -3)}y`
    : /(?:ch|sh|x|ss)es$/.test(many)
      ? many.slice(0, -2)
      : many.endsWith('s')
        ? many.slice(0, -1)
        : many
  return one === many ? [`${many} item`, `${many} items`] : [one, many]
}

/**
 * A field of a document named as the screens label it, each step joined by " › ": a list item
 * by its noun and place ("Alert 2", "Player 3"), a team or program page by its name, a field by
 * its label ("Title", "Card image").
 *
 * @example
 * fieldPlace('alerts', [1, 'title'], alerts) // 'Alert 2 › Title'
 * fieldPlace('aboutContent', ['sections', 0, 'title'], about) // 'Section 1 › Title'
 * fieldPlace('content', ['hero', 'subtitle'], content) // 'Hero › Subtitle'
 */
export function fieldPlace(
  key: string,
  path: readonly (string | number)[],
  document: unknown,
): string {
  const labels: string[] = []
  let node = document
  path.forEach((segment, index) => {
    const next =
      node !== null && typeof node === 'object'
        ? (node as Record<string | number, unknown>)[segment]
        : undefined
    if (typeof segment === 'number') {
      const [one] = nounOf(key, path.slice(0, index))
      labels.push(`${capitalized(one)} ${segment + 1}`)
    } else if (index === 0 && ROOT_RECORDS.has(key)) {
      const named = next as { name?: unknown; title?: unknown } | undefined
      const name = [named?.name, named?.title].find((part) => typeof part === 'string' && part)
      labels.push(typeof name === 'string' ? name : segment)
    } else if (typeof path[index + 1] !== 'number') {
      // A list is named by its items ("Section 1"), not as well by itself.
      labels.push(fieldLabel(segment))
    }
    node = next
  })
  return labels.join(' › ')
}
