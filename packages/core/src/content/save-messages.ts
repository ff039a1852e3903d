import { contentName } from '../entities/content-names.ts'
import type { LimitProblem } from '../entities/document-limits.ts'
import type { NoticeInput } from '../ui/notices/notice-store.ts'

/** How long the "saving" state shows at least (spec §9). */
export const SAVING_MS = 1200
/** How long the "saved" confirmation shows (spec §9). */
export const SAVED_MS = 3000
/** Failures of different keys this close together are reported as one notice. */
export const SAVE_ERROR_WINDOW_MS = 2000

/** The confirmation after a save is stored (spec §8). */
export function savedNotice(): NoticeInput {
  return {
    title: 'Content Saved!',
    description: 'Your changes are now live across the site.',
    duration: SAVED_MS,
  }
}

/**
 * The spec's wording for a failed save of these keys (spec §8), naming the content as staff
 * know it ("Could not save Field status."), never by its key.
 */
export function saveErrorMessage(keys: readonly string[]): string {
  const distinct = [...new Set(keys)]
  if (distinct.length !== 1) return 'Could not save some content.'
  const [key] = distinct
  switch (key) {
    case 'aboutContent':
      return 'Could not save About page content.'
    case 'teams':
      return 'Could not save team data.'
    case 'programsContent':
    case 'programCards':
      return 'Could not save program data.'
    default:
      return `Could not save ${contentName(key ?? '')}.`
  }
}

/** The destructive notice for a failed save (spec §8). */
export function saveErrorNotice(keys: readonly string[]): NoticeInput {
  return { title: 'Save Error', description: saveErrorMessage(keys), variant: 'destructive' }
}

const count = (n: number) => n.toLocaleString('en-US')

/**
 * What is too large about a refused document, for the editor. `$.fields[3]` of
 * `fieldsContent` becomes "Field status (fields[3])": the content's name, then the place.
 */
export function tooLargeDetail(key: string, limit: LimitProblem | undefined): string {
  if (!limit) return 'It is too large for the site. Make it smaller, then save again.'
  if (limit.kind === 'bytes') {
    return `It is too large for the site: ${count(limit.bytes)} bytes, and the limit is ${count(limit.limit)}. Make it smaller, then save again.`
  }
  const place = limit.path.replace(/^\$\.?/, '')
  const where = place === '' ? contentName(key) : `${contentName(key)} (${place})`
  return `A list in it is too long for the site: ${count(limit.items)} items at ${where}, and the limit is ${count(limit.limit)}. Remove some items, then save again.`
}

/**
 * The destructive notice for a document over the database's limits. It starts with the spec's
 * 'Could not save {key}.' wording (spec §8) and says what is too large; the change stays on
 * this device, waiting for the editor.
 */
export function saveTooLargeNotice(key: string, limit: LimitProblem | undefined): NoticeInput {
  return {
    title: 'Save Error',
    description: `${saveErrorMessage([key])} ${tooLargeDetail(key, limit)}`,
    variant: 'destructive',
  }
}

/** Titles and texts of the conflict notice; the actions are attached by the store. */
export function conflictNoticeText(key: string): { title: string; description: string } {
  return {
    title: `Someone else saved ${contentName(key)}`,
    description:
      'Their version is newer than the one you edited. Reload to take theirs (your draft stays listed under “Changes not saved yet”), or overwrite it with yours.',
  }
}
