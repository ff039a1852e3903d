import { diffArrays } from 'diff'

/** One run of a text diff: kept, removed (only in the old text) or added (only in the new). */
export type TextPart = { op: 'same' | 'removed' | 'added'; text: string }

// Past this many words and spaces changed, the texts are shown as one removal and one addition.
const MAX_EDIT_LENGTH = 1_000

/** Words and the spaces between them, so that the parts joined give the text back exactly. */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? []
}

function push(parts: TextPart[], op: TextPart['op'], text: string) {
  if (text === '') return
  const last = parts[parts.length - 1]
  if (last && last.op === op) last.text += text
  else parts.push({ op, text })
}

/**
 * Tidies the parts for reading: a lone space kept between two changes counts as changed too,
 * and each stretch of changes reads as one removal followed by one addition ("old words" →
 * "new words", not "old" → "new", " ", "words" → "words").
 */
function tidy(parts: readonly TextPart[]): TextPart[] {
  const expanded: TextPart[] = []
  parts.forEach((part, index) => {
    const previous = parts[index - 1]
    const next = parts[index + 1]
    const between = previous && previous.op !== 'same' && next && next.op !== 'same'
    if (part.op === 'same' && between && /^\s+$/.test(part.text)) {
      expanded.push({ op: 'removed', text: part.text }, { op: 'added', text: part.text })
    } else expanded.push(part)
  })
  const out: TextPart[] = []
  let run: TextPart[] = []
  const flush = () => {
    for (const op of ['removed', 'added'] as const) {
      push(
        out,
        op,
        run
          .filter((part) => part.op === op)
          .map((part) => part.text)
          .join(''),
      )
    }
    run = []
  }
  for (const part of expanded) {
    if (part.op === 'same') {
      flush()
      push(out, 'same', part.text)
    } else run.push(part)
  }
  flush()
  return out
}

/**
 * The words removed from and added to a text, for showing an edit as struck and inserted
 * words rather than two whole texts. Words are compared whole (a changed letter replaces the
 * word); the kept parts and the removed parts give the old text, the kept and the added the
 * new one. Very different long texts are shown as one removal and one addition. The
 * comparison is jsdiff's (Myers' O(n·d) algorithm) over the texts' words and spaces.
 *
 * @example
 * diffWords('Games are on today', 'Games are off today')
 * // [{ op: 'same', text: 'Games are ' }, { op: 'removed', text: 'on' },
 * //  { op: 'added', text: 'off' }, { op: 'same', text: ' today' }]
 */
export function diffWords(before: string, after: string): TextPart[] {
  if (before === after) return before === '' ? [] : [{ op: 'same', text: before }]
  const changes = diffArrays(tokens(before), tokens(after), { maxEditLength: MAX_EDIT_LENGTH })
  const parts: TextPart[] = []
  if (!changes) {
    push(parts, 'removed', before)
    push(parts, 'added', after)
    return parts
  }
  for (const change of changes) {
    const op = change.added ? 'added' : change.removed ? 'removed' : 'same'
    push(parts, op, change.value.join(''))
  }
  return tidy(parts)
}

/** The old text of a diff (kept and removed parts). */
export function oldText(parts: readonly TextPart[]): string {
  return parts
    .filter((part) => part.op !== 'added')
    .map((part) => part.text)
    .join('')
}

/** The new text of a diff (kept and added parts). */
export function newText(parts: readonly TextPart[]): string {
  return parts
    .filter((part) => part.op !== 'removed')
    .map((part) => part.text)
    .join('')
}
