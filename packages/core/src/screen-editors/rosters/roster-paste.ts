import type { BatsThrows, PlayerPosition } from '../../entities/player.ts'
import { MAX_ROSTER } from '../../entities/team.ts'
import {
  readBatsAndThrows,
  readBatsThrows,
  readGradYear,
  readHeight,
  readHighSchool,
  isLoneSwitch,
  readName,
  readNumber,
  readPosition,
  readWeight,
  tidyText,
  PLAYER_FIELDS,
} from './roster-rules.ts'
import type { PlayerField, Reading } from './roster-rules.ts'
import { formatCount } from '../../entities/counts.ts'

/*
 * "Paste a roster from a spreadsheet": the rows a spreadsheet puts on the clipboard (tab
 * separated, with quotes around cells that hold tabs, quotes or line breaks) or a CSV file's
 * text (comma separated, quoted the same way), read into roster entries. Every row either
 * becomes an entry or is rejected with its reasons; nothing is guessed silently.
 */

/** The longest paste read (about 200 rows of long text); longer text is refused whole. */
export const MAX_PASTE_CHARS = 200_000

/** What a column of the paste holds: a roster entry's field, or a part of one. */
export type ColumnKind = PlayerField | 'firstName' | 'lastName' | 'bats' | 'throws'

/** The columns of a paste without a header row, in order (the public roster's order). */
export const HEADERLESS_COLUMNS: readonly ColumnKind[] = PLAYER_FIELDS

/** How each column is named to people. */
export const COLUMN_LABELS: Readonly<Record<ColumnKind, string>> = {
  number: 'Number',
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  position: 'Position',
  batsThrows: 'Bats/Throws',
  bats: 'Bats',
  throws: 'Throws',
  gradYear: 'Grad year',
  highSchool: 'High school',
  height: 'Height',
  weight: 'Weight',
}

// Header cells as spreadsheets word them, lower case with dots, colons, brackets and extra
// spaces removed.
const HEADER_WORDS: Readonly<Record<string, ColumnKind>> = {
  '#': 'number',
  no: 'number',
  num: 'number',
  number: 'number',
  'jersey #': 'number',
  jersey: 'number',
  'jersey number': 'number',
  'jersey no': 'number',
  'uniform #': 'number',
  'uniform number': 'number',
  name: 'name',
  player: 'name',
  'player name': 'name',
  'full name': 'name',
  first: 'firstName',
  'first name': 'firstName',
  firstname: 'firstName',
  last: 'lastName',
  'last name': 'lastName',
  lastname: 'lastName',
  surname: 'lastName',
  pos: 'position',
  position: 'position',
  'primary position': 'position',
  'b/t': 'batsThrows',
  bt: 'batsThrows',
  'bats/throws': 'batsThrows',
  'bats-throws': 'batsThrows',
  'bats throws': 'batsThrows',
  bats: 'bats',
  throws: 'throws',
  grad: 'gradYear',
  'grad year': 'gradYear',
  'grad yr': 'gradYear',
  'graduation year': 'gradYear',
  class: 'gradYear',
  'class of': 'gradYear',
  school: 'highSchool',
  'high school': 'highSchool',
  hs: 'highSchool',
  height: 'height',
  ht: 'height',
  weight: 'weight',
  wt: 'weight',
  'weight lbs': 'weight',
  'weight lb': 'weight',
  lbs: 'weight',
}

/** The column a header cell names, if it names one. */
export function headerKind(cell: string): ColumnKind | undefined {
  const word = tidyText(cell.toLowerCase().replace(/[().:]/g, ' '))
  return Object.hasOwn(HEADER_WORDS, word) ? HEADER_WORDS[word] : undefined
}

/** The separator between cells. */
export type Delimiter = '\t' | ','

/**
 * The separator a paste uses: tabs when the text holds any (what spreadsheets copy), commas
 * otherwise (a CSV file).
 */
export function detectDelimiter(text: string): Delimiter {
  return text.includes('\t') ? '\t' : ','
}

/**
 * Splits delimited text into rows of cells. A cell that starts with `"` runs to the matching
 * closing quote and may hold the separator, line breaks and doubled quotes (`""` for `"`); a
 * quote elsewhere, or one never closed, is kept as typed (a height such as 5'10"). Line endings
 * may be `\n`, `\r\n` or `\r`.
 *
 * @example
 * splitRows('12,"Lee, Sam",SS\n', ',') // [['12', 'Lee, Sam', 'SS']]
 */
export function splitRows(text: string, delimiter: Delimiter): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let i = 0
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  const endRow = () => {
    endCell()
    rows.push(row)
    row = []
  }
  while (i < text.length) {
    const char = text[i] as string
    if (char === '"' && cell === '') {
      const close = closingQuote(text, i + 1, delimiter)
      if (close !== -1) {
        cell = text.slice(i + 1, close).replace(/""/g, '"')
        i = close + 1
        continue
      }
    }
    if (char === delimiter) {
      endCell()
      i++
    } else if (char === '\n' || char === '\r') {
      endRow()
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1
    } else {
      cell += char
      i++
    }
  }
  if (cell !== '' || row.length > 0) endRow()
  return rows
}

/**
 * Where the quoted cell opened before `from` closes: the first lone `"` (not part of `""`)
 * followed by the separator, a line break or the end. -1 when it never closes.
 */
function closingQuote(text: string, from: number, delimiter: Delimiter): number {
  let i = from
  while (i < text.length) {
    const quote = text.indexOf('"', i)
    if (quote === -1) return -1
    if (text[quote + 1] === '"') {
      i = quote + 2
      continue
    }
    const next = text[quote + 1]
    if (next === undefined || next === delimiter || next === '\n' || next === '\r') return quote
    i = quote + 1
  }
  return -1
}

/** The values a pasted row gives; a field the paste has no column for is absent. */
export type PastedValues = {
  number: number
  name: string
  position?: PlayerPosition
  batsThrows?: BatsThrows
  gradYear?: number | null
  highSchool?: string
  height?: string
  weight?: number | null
}

/** A row read into a roster entry. `row` counts the paste's rows from 1, header included. */
export type AcceptedRow = {
  row: number
  /** The row's cells as pasted, joined for display. */
  text: string
  values: PastedValues
  /** Cells read as something other than typed ("Position “CF” read as OF."), for the preview. */
  notes: string[]
}

/** A row that cannot become a roster entry, with every reason. */
export type RejectedRow = {
  row: number
  /** The row's cells as pasted, joined for display. */
  text: string
  /** The name the row gives, when it gives one (to recognise the player it describes). */
  name?: string
  reasons: string[]
}

/** Everything read from a paste. */
export type ParsedRoster = {
  delimiter: Delimiter
  hasHeader: boolean
  /** What each column was read as, in order (undefined: ignored). */
  columns: (ColumnKind | undefined)[]
  /** Header cells, or column positions, that were not used, for the preview to mention. */
  ignoredColumns: string[]
  accepted: AcceptedRow[]
  rejected: RejectedRow[]
  /** A problem with the paste as a whole (no rows, no number column, too long); nothing is read then. */
  problem?: string
}

/** True when a row reads as a header: at least two cells, and most of its cells, name columns. */
function isHeader(cells: readonly string[]): boolean {
  const filled = cells.filter((cell) => cell.trim() !== '')
  const named = filled.filter((cell) => headerKind(cell) !== undefined).length
  return named >= 2 && named * 2 >= filled.length
}

function headerColumns(cells: readonly string[]): {
  columns: (ColumnKind | undefined)[]
  ignored: string[]
} {
  const seen = new Set<ColumnKind>()
  const ignored: string[] = []
  const columns = cells.map((cell) => {
    const kind = headerKind(cell)
    if (kind === undefined || seen.has(kind)) {
      if (cell.trim() !== '') ignored.push(tidyText(cell))
      return undefined
    }
    seen.add(kind)
    return kind
  })
  return { columns, ignored }
}

const quoted = (value: string) => `“${value}”`
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** The reason a cell is refused: which column, what it held, and what it should hold. */
function reason(kind: ColumnKind, value: string, problem: string): string {
  const shown = tidyText(value)
  const what =
    shown === '' ? `${COLUMN_LABELS[kind]} is blank` : `${COLUMN_LABELS[kind]} ${quoted(shown)}`
  return `${what}: ${lowerFirst(problem)}`
}

function readRow(
  cells: readonly string[],
  columns: readonly (ColumnKind | undefined)[],
): { values?: PastedValues; name?: string; reasons: string[]; notes: string[] } {
  const cell: Partial<Record<ColumnKind, string>> = {}
  // A cell past the row's end (a short row) says nothing; an empty cell says "blank".
  columns.forEach((kind, index) => {
    if (kind && index < cells.length) cell[kind] = cells[index] ?? ''
  })
  const reasons: string[] = []
  const take = <T>(kind: ColumnKind, reading: Reading<T>, raw: string): T | undefined => {
    if (reading.ok) return reading.value
    reasons.push(reason(kind, raw, reading.problem))
    return undefined
  }
  const has = (kind: ColumnKind) => cell[kind] !== undefined
  const text = (kind: ColumnKind) => cell[kind] ?? ''
  const filled = (kind: ColumnKind) => text(kind).trim() !== ''

  const nameText = has('name')
    ? text('name')
    : [text('firstName'), text('lastName')].filter((part) => part.trim() !== '').join(' ')
  const name = take('name', readName(nameText), nameText)
  const number = take('number', readNumber(text('number')), text('number'))
  const values: Partial<PastedValues> = {}
  const notes: string[] = []
  // A blank position or bats/throws cell says nothing: a known player keeps theirs.
  if (filled('position')) {
    values.position = take('position', readPosition(text('position')), text('position'))
    const typed = tidyText(text('position'))
    // Mapped (CF → OF, Shortstop → SS, P/1B → P): said next to the row, never silently.
    if (values.position && typed.toUpperCase() !== values.position) {
      notes.push(`Position ${quoted(typed)} read as ${values.position}.`)
    }
  }
  if (filled('batsThrows')) {
    values.batsThrows = take('batsThrows', readBatsThrows(text('batsThrows')), text('batsThrows'))
    if (values.batsThrows && isLoneSwitch(text('batsThrows'))) {
      const typed = quoted(tidyText(text('batsThrows')))
      notes.push(`Bats/Throws ${typed} read as ${values.batsThrows}: no throwing hand was given.`)
    }
  } else if (filled('bats') || filled('throws')) {
    const reading = readBatsAndThrows(text('bats'), text('throws'))
    values.batsThrows = take('batsThrows', reading, `${text('bats')}/${text('throws')}`)
  }
  // A blank detail cell clears the detail: the sheet says it is not known.
  if (has('gradYear'))
    values.gradYear = take('gradYear', readGradYear(text('gradYear')), text('gradYear'))
  if (has('highSchool')) {
    values.highSchool = take('highSchool', readHighSchool(text('highSchool')), text('highSchool'))
  }
  if (has('height')) values.height = take('height', readHeight(text('height')), text('height'))
  if (has('weight')) values.weight = take('weight', readWeight(text('weight')), text('weight'))

  const named = name === undefined ? undefined : { name }
  if (reasons.length > 0 || name === undefined || number === undefined) {
    return { ...named, reasons, notes }
  }
  const clean = Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<PastedValues>
  return { values: { ...clean, number, name }, ...named, reasons, notes }
}

/**
 * Reads a roster pasted from a spreadsheet or CSV file. The separator is detected (tabs, else
 * commas); a first row that names columns (`#`, `Name`, `Pos`, `B/T`, …) is a header and says
 * which column is which, with unknown columns ignored; without one the columns are
 * {@link HEADERLESS_COLUMNS}. Blank rows are skipped; rows past the roster's limit are
 * rejected.
 *
 * @example
 * parseRosterPaste('#\tName\tPos\tB/T\n12\tSam Lee\tSS\tR/R').accepted
 * // [{ row: 2, values: { number: 12, name: 'Sam Lee', position: 'SS', batsThrows: 'R/R' } }]
 */
export function parseRosterPaste(text: string): ParsedRoster {
  const delimiter = detectDelimiter(text)
  const empty: ParsedRoster = {
    delimiter,
    hasHeader: false,
    columns: [],
    ignoredColumns: [],
    accepted: [],
    rejected: [],
  }
  if (text.length > MAX_PASTE_CHARS) {
    return {
      ...empty,
      problem: `The paste is too long to read (${formatCount(text.length)} characters; at most ${formatCount(MAX_PASTE_CHARS)}). Paste one team's roster at a time.`,
    }
  }
  const rows = splitRows(text, delimiter)
    .map((cells, index) => ({ cells, row: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''))
  const first = rows[0]
  if (!first) return { ...empty, problem: 'Paste at least one row.' }

  const hasHeader = isHeader(first.cells)
  const widest = Math.max(...rows.map(({ cells }) => cells.length))
  let columns: (ColumnKind | undefined)[]
  let ignoredColumns: string[]
  if (hasHeader) {
    ;({ columns, ignored: ignoredColumns } = headerColumns(first.cells))
    const found = new Set(columns)
    const missing = [
      found.has('number') ? undefined : 'Number',
      found.has('name') || found.has('lastName') || found.has('firstName') ? undefined : 'Name',
    ].filter(Boolean)
    if (missing.length > 0) {
      return {
        ...empty,
        hasHeader,
        columns,
        ignoredColumns,
        problem: `The header row has no ${missing.join(' or ')} column. Name the columns as the hint shows, or paste the rows without a header in the hint's order.`,
      }
    }
  } else {
    columns = HEADERLESS_COLUMNS.slice(0, widest)
    ignoredColumns =
      widest > HEADERLESS_COLUMNS.length
        ? [`${widest - HEADERLESS_COLUMNS.length} column(s) after Weight`]
        : []
  }

  const accepted: AcceptedRow[] = []
  const rejected: RejectedRow[] = []
  for (const { cells, row } of hasHeader ? rows.slice(1) : rows) {
    const shown = cells.map(tidyText).join(' | ')
    if (accepted.length >= MAX_ROSTER) {
      rejected.push({
        row,
        text: shown,
        reasons: [`A roster holds at most ${MAX_ROSTER} players.`],
      })
      continue
    }
    const read = readRow(cells, columns)
    if (read.values) accepted.push({ row, text: shown, values: read.values, notes: read.notes })
    else {
      rejected.push({
        row,
        text: shown,
        ...(read.name === undefined ? {} : { name: read.name }),
        reasons: read.reasons,
      })
    }
  }
  return { delimiter, hasHeader, columns, ignoredColumns, accepted, rejected }
}
