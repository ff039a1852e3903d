import { contentName } from '../entities/content-names.ts'
import { fieldPlace } from '../entities/field-names.ts'
import { findLimitProblem } from '../entities/document-limits.ts'
import type { LimitProblem } from '../entities/document-limits.ts'
import type { NoticeInput } from '../ui/notices/notice-store.ts'
import { formatCount } from '../entities/counts.ts'

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

/**
 * Why a save met a newer stored version: it may be another editor's, or the same account's in
 * another window, so it names neither as "someone else".
 */
export const SAVED_FIRST_ELSEWHERE =
  'A newer version was saved first, by another editor or in another window.'

/** Why the database refused a save for lack of rights (an account taken off the staff list). */
export const FORBIDDEN_SAVE_REASON =
  'This account may not change the site. Sign in with a staff account, then retry.'

/**
 * Why the database refused an aal1 staff session's save while the club requires two-factor
 * sign-in (issue 34 §3), and what to do about it.
 */
export const TWO_FACTOR_SAVE_REASON =
  'The club requires two-factor sign-in for staff, and this sign-in has not used it. Set up two-factor sign-in, or enter the code from your authenticator app, then save again.'

/**
 * The destructive notice for a save refused for lack of rights (issue 34: a member removed
 * while their tab was open, or a sign-in without the second factor the club requires): the
 * spec's wording, why, and that nothing was lost.
 */
export function saveForbiddenNotice(
  keys: readonly string[],
  reason: string = FORBIDDEN_SAVE_REASON,
): NoticeInput {
  return {
    title: 'Save Error',
    description: `${saveErrorMessage(keys)} ${reason} Your change is kept on this device.`,
    variant: 'destructive',
  }
}

/** A stored field's name as words: `sliderImages` → "slider images", `"select-13u"` → "select-13u". */
function nameInWords(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
}

/**
 * Where in a document a list is, in words, from the database's jsonpath (`$.fields[3].photos`,
 * `$."select-13u".roster`): "the photos list of item 4", "the roster list of select-13u"; given
 * the document and its key, as the screens label it: "the “Field 4 › Photos” list", "the
 * “Big Train 13U › Roster” list". Undefined for the document itself (`$`) or a path it cannot read.
 */
export function listPlaceInWords(
  path: string,
  document?: { key: string; value: unknown },
): string | undefined {
  const steps: (string | number)[] = []
  const pattern = /\.([A-Za-z_][A-Za-z0-9_]*)|\."((?:[^"\\]|\\.)*)"|\[(\d+)\]/gy
  let at = path.startsWith('$') ? 1 : 0
  pattern.lastIndex = at
  let match: RegExpExecArray | null
  while ((match = pattern.exec(path))) {
    at = pattern.lastIndex
    if (match[3] !== undefined) steps.push(Number(match[3]))
    else if (match[1] !== undefined) steps.push(match[1])
    else steps.push(match[2]?.replace(/\\(.)/g, '$1') ?? '')
  }
  if (at !== path.length) return undefined
  const last = steps.at(-1)
  if (last === undefined) return undefined
  if (document) return `the “${fieldPlace(document.key, steps, document.value)}” list`
  const owner = (step: string | number | undefined) =>
    step === undefined
      ? ''
      : typeof step === 'number'
        ? ` of item ${step + 1}`
        : ` of ${nameInWords(step)}`
  if (typeof last === 'number') return `item ${last + 1}${owner(steps.at(-2))}`
  return `the ${nameInWords(last)} list${owner(steps.at(-2))}`
}

/**
 * What is too large about a refused document, for the editor, in the club's words: the
 * content's name, and where the long list is in words ("the roster list of select-13u"), never
 * the database's jsonpath or key names.
 */
export function tooLargeDetail(
  key: string,
  limit: LimitProblem | undefined,
  value?: unknown,
): string {
  if (!limit) return 'It is too large for the site. Make it smaller, then save again.'
  if (limit.kind === 'bytes') {
    return `It is too large for the site: ${formatCount(limit.bytes)} bytes, and the limit is ${formatCount(limit.limit)}. Make it smaller, then save again.`
  }
  const place = listPlaceInWords(limit.path, value === undefined ? undefined : { key, value })
  const where = place === undefined ? contentName(key) : `${place} in ${contentName(key)}`
  return `A list in it is too long for the site: ${formatCount(limit.items)} items in ${where}, and the limit is ${formatCount(limit.limit)}. Remove some items, then save again.`
}

/**
 * Why a save kept on this device was refused, in the club's words, for the lists of pending
 * saves. The stored error text is the database's (`Content "teams" has a list … at
 * $."select-13u".roster`): it is never shown. A size refusal is measured again from the kept
 * document, so pending saves kept by older builds read the same.
 */
export function refusedSaveReason(item: {
  key: string
  value: unknown
  errorKind?: string | undefined
}): string {
  switch (item.errorKind) {
    case 'too-large':
      return tooLargeDetail(item.key, findLimitProblem(item.value), item.value)
    case 'forbidden':
      return FORBIDDEN_SAVE_REASON
    case 'invalid':
      return `The site could not accept it as ${contentName(item.key)}. Check it, then retry, or discard it.`
    case 'conflict':
      return SAVED_FIRST_ELSEWHERE
    default:
      return 'The site could not store it.'
  }
}

/**
 * The destructive notice for a document over the database's limits. It starts with the spec's
 * 'Could not save {key}.' wording (spec §8) and says what is too large; the change stays on
 * this device, waiting for the editor.
 */
export function saveTooLargeNotice(
  key: string,
  limit: LimitProblem | undefined,
  value?: unknown,
): NoticeInput {
  return {
    title: 'Save Error',
    description: `${saveErrorMessage([key])} ${tooLargeDetail(key, limit, value)}`,
    variant: 'destructive',
  }
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** Titles and texts of the conflict notice; the actions are attached by the store. */
export function conflictNoticeText(key: string): { title: string; description: string } {
  return {
    title: `${capitalized(contentName(key))}: a newer version was saved first`,
    description: `${SAVED_FIRST_ELSEWHERE} Reload to take it (your change stays listed under “Changes not saved yet”), or overwrite it with yours.`,
  }
}

/**
 * The notice of a save refused as stale that cannot be merged: it waits for the editor's
 * decision (the pending list offers it too), with the two ways out.
 */
export function conflictNotice(
  key: string,
  actions: { reload: () => void; overwrite: () => void },
): NoticeInput {
  return {
    ...conflictNoticeText(key),
    variant: 'destructive',
    duration: null,
    actions: [
      {
        label: 'Reload',
        altText: `Reload ${contentName(key)} from the site; your change stays listed under “Changes not saved yet”`,
        onSelect: actions.reload,
      },
      {
        label: 'Overwrite',
        altText: `Overwrite ${contentName(key)} with your version`,
        onSelect: actions.overwrite,
      },
    ],
  }
}
