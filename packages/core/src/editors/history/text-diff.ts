/** One run of a text diff: kept, removed (only in the old text) or added (only in the new). */
export type TextPart = { op: 'same' | 'removed' | 'added'; text: string }

// Past this many word pairs the table would cost more than reading both texts does.
const MAX_CELLS = 1_000_000

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
 * new one. Very long texts that share little are shown as one removal and one addition.
 *
 * @example
 * diffWords('Games are on today', 'Games are off today')
 * // [{ op: 'same', text: 'Games are ' }, { op: 'removed', text: 'on' },
 * //  { op: 'added', text: 'off' }, { op: 'same', text: ' today' }]
 */
export function diffWords(before: string, after: string): TextPart[] {
  if (before === after) return before === '' ? [] : [{ op: 'same', text: before }]
  const a = tokens(before)
  const b = tokens(after)
  // The shared beginning and end need no table.
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const parts: TextPart[] = []
  push(parts, 'same', a.slice(0, start).join(''))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  if (midA.length * midB.length > MAX_CELLS) {
    push(parts, 'removed', midA.join(''))
    push(parts, 'added', midB.join(''))
  } else {
    // Longest common subsequence, filled from the end so the walk below reads forwards.
    const width = midB.length + 1
    const table = new Uint32Array((midA.length + 1) * width)
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        table[i * width + j] =
          midA[i] === midB[j]
            ? table[(i + 1) * width + j + 1]! + 1
            : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!)
      }
    }
    let i = 0
    let j = 0
    while (i < midA.length && j < midB.length) {
      if (midA[i] === midB[j]) {
        push(parts, 'same', midA[i]!)
        i++
        j++
      } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) {
        push(parts, 'removed', midA[i]!)
        i++
      } else {
        push(parts, 'added', midB[j]!)
        j++
      }
    }
    push(parts, 'removed', midA.slice(i).join(''))
    push(parts, 'added', midB.slice(j).join(''))
  }
  push(parts, 'same', a.slice(endA).join(''))
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
