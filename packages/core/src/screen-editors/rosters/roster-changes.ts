import { sameDocument } from '../../content/same-document.ts'
import { uniqueId } from '../../entities/unique-id.ts'
import { COLUMN_LABELS } from './roster-paste.ts'
import type { ParsedRoster, PastedValues, RejectedRow } from './roster-paste.ts'
import {
  emptyPlayerForm,
  PLAYER_FIELDS,
  readNumber,
  sharedNumbers,
  tidyText,
} from './roster-rules.ts'
import type { PlayerForm, PlayerField, SharedNumber } from './roster-rules.ts'

/*
 * What a pasted roster would do to a team's roster, worked out before anything is applied:
 * which players are added, which change (and how), which are removed, and which rows are
 * rejected. A pasted row describes a player already on the roster when it has the same name
 * (case, accents and spacing aside), or else the same number as exactly one player whose name
 * the paste does not mention (a corrected spelling): that player keeps their id and photo.
 */

/**
 * `replace`: the paste is the whole roster, and players it does not list are removed.
 * `merge`: players the paste lists are added or updated; the others stay.
 */
export type PasteMode = 'replace' | 'merge'

/** One field of a player that the paste changes, in words. */
export type FieldChange = { field: PlayerField; label: string; before: string; after: string }

/** A player the paste changes. */
export type ChangedPlayer = {
  row: number
  before: PlayerForm
  after: PlayerForm
  changes: FieldChange[]
}

/** A number worn by several players of the resulting roster, with their names. */
export type SharedNumberNames = SharedNumber & { names: string[] }

/** Everything a paste would do, and the roster it would leave. */
export type RosterChangePlan = {
  /** The roster after applying. */
  next: PlayerForm[]
  added: { row: number; player: PlayerForm }[]
  changed: ChangedPlayer[]
  removed: PlayerForm[]
  /** Players the paste lists exactly as they are. */
  unchanged: PlayerForm[]
  /** Rows that cannot be applied, with their reasons. */
  rejected: RejectedRow[]
  /**
   * Players who stay although the paste replaces the roster, because the row that names them
   * was rejected: a typo in one row never removes a player.
   */
  kept: { row: number; player: PlayerForm }[]
  /** Numbers several players would wear. */
  shared: SharedNumberNames[]
  /** True when the players stay the same but their order follows the paste. */
  reordered: boolean
  /** True when applying would change the roster at all. */
  hasChanges: boolean
}

/** How names are compared: accents, case and spacing aside. */
export function nameKey(name: string): string {
  return tidyText(name).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The pasted values as the form holds them (text); absent fields stay absent. */
function asFormFields(values: PastedValues): Partial<PlayerForm> {
  const out: Partial<PlayerForm> = { number: String(values.number), name: values.name }
  if (values.position !== undefined) out.position = values.position
  if (values.batsThrows !== undefined) out.batsThrows = values.batsThrows
  if (values.gradYear !== undefined)
    out.gradYear = values.gradYear === null ? '' : String(values.gradYear)
  if (values.highSchool !== undefined) out.highSchool = values.highSchool
  if (values.height !== undefined) out.height = values.height
  if (values.weight !== undefined) out.weight = values.weight === null ? '' : String(values.weight)
  return out
}

/** The form's value of a field, as compared and shown (a number typed `07` reads as 7). */
function shownValue(playerForm: PlayerForm, field: PlayerField): string {
  if (field === 'number') {
    const reading = readNumber(playerForm.number)
    return reading.ok ? String(reading.value) : playerForm.number.trim()
  }
  return tidyText(playerForm[field])
}

function fieldChanges(before: PlayerForm, after: PlayerForm): FieldChange[] {
  return PLAYER_FIELDS.filter(
    (field) => shownValue(before, field) !== shownValue(after, field),
  ).map((field) => ({
    field,
    label: COLUMN_LABELS[field],
    before: shownValue(before, field),
    after: shownValue(after, field),
  }))
}

/** Options of {@link planRosterPaste}. */
export type PlanOptions = {
  mode: PasteMode
  /** Ids for added players (a fresh `player-…` id by default). */
  newId?: () => string
}

/**
 * Works out what applying a parsed paste to `roster` would do.
 *
 * @example
 * const plan = planRosterPaste(team.roster, parseRosterPaste(text), { mode: 'replace' })
 * plan.added.length // players the paste adds
 * plan.next // the roster to apply
 */
export function planRosterPaste(
  roster: readonly PlayerForm[],
  parsed: ParsedRoster,
  { mode, newId = () => uniqueId('player') }: PlanOptions,
): RosterChangePlan {
  const rejected: RejectedRow[] = [...parsed.rejected]
  const claimed = new Map<string, number>()
  const byRow = new Map<number, PlayerForm>()
  const rows = [
    ...parsed.accepted.map((accepted) => ({ row: accepted.row, name: accepted.values.name })),
    ...parsed.rejected.flatMap((row) =>
      row.name === undefined ? [] : [{ row: row.row, name: row.name }],
    ),
  ].sort((a, b) => a.row - b.row)

  // First by name, in the paste's order; a name on two rows matches one player only.
  for (const { row, name } of rows) {
    const key = nameKey(name)
    const match = roster.find((player) => !claimed.has(player.id) && nameKey(player.name) === key)
    if (match) {
      claimed.set(match.id, row)
      byRow.set(row, match)
    }
  }
  // Then an unmatched accepted row by number, when exactly one unclaimed player wears it.
  const pastedNames = new Set(rows.map(({ name }) => nameKey(name)))
  for (const { row, values } of parsed.accepted) {
    if (byRow.has(row)) continue
    const candidates = roster.filter((player) => {
      if (claimed.has(player.id) || pastedNames.has(nameKey(player.name))) return false
      const reading = readNumber(player.number)
      return reading.ok && reading.value === values.number
    })
    const [only] = candidates
    if (only && candidates.length === 1) {
      claimed.set(only.id, row)
      byRow.set(row, only)
    }
  }

  const added: RosterChangePlan['added'] = []
  const changed: ChangedPlayer[] = []
  const unchanged: PlayerForm[] = []
  const pasted: PlayerForm[] = []
  const updated = new Map<string, PlayerForm>()
  for (const { row, text, values } of parsed.accepted) {
    const fields = asFormFields(values)
    const before = byRow.get(row)
    if (before) {
      const merged = { ...before, ...fields }
      const changes = fieldChanges(before, merged)
      // A player the paste lists as they are stays exactly as they are (`07` stays `07`).
      const after = changes.length > 0 ? merged : before
      if (changes.length > 0) changed.push({ row, before, after, changes })
      else unchanged.push(before)
      pasted.push(after)
      updated.set(before.id, after)
      continue
    }
    // A new player needs what the roster shows for everyone: a position and bats/throws.
    const missing = [
      fields.position === undefined ? 'No position given (a new player needs one).' : '',
      fields.batsThrows === undefined ? 'No bats/throws given (a new player needs them).' : '',
    ].filter(Boolean)
    if (missing.length > 0) {
      rejected.push({ row, text, name: values.name, reasons: missing })
      continue
    }
    const player: PlayerForm = { ...emptyPlayerForm(newId()), ...fields }
    added.push({ row, player })
    pasted.push(player)
  }
  rejected.sort((a, b) => a.row - b.row)

  // Players named only by rejected rows stay as they are, whatever the mode.
  const kept = roster
    .filter((player) => claimed.has(player.id) && !updated.has(player.id))
    .map((player) => ({ row: claimed.get(player.id) as number, player }))
  const keptIds = new Set(kept.map(({ player }) => player.id))
  const next =
    mode === 'replace'
      ? [...pasted, ...kept.map(({ player }) => player)]
      : [
          ...roster.map((player) => updated.get(player.id) ?? player),
          ...added.map(({ player }) => player),
        ]
  const removed =
    mode === 'replace'
      ? roster.filter((player) => !updated.has(player.id) && !keptIds.has(player.id))
      : []
  const names = new Map(next.map((player) => [player.id, tidyText(player.name)]))
  const shared = sharedNumbers(next).map((entry) => ({
    ...entry,
    names: entry.ids.map((id) => names.get(id) ?? ''),
  }))
  const hasChanges = !sameDocument(next, roster)
  const reordered = hasChanges && added.length === 0 && changed.length === 0 && removed.length === 0
  return { next, added, changed, removed, unchanged, rejected, kept, shared, reordered, hasChanges }
}
