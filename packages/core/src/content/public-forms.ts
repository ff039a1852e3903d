/*
 * Documents that hold more than their pages show. `teams` holds young players' full names,
 * heights and weights, which their team pages leave out (the roster privacy of
 * pages/rosters-and-staff/roster-privacy.ts). The database lets only staff read it, and derives
 * after each save the form a visitor may read, as a row of its own at the same version
 * (`publicTeams`, supabase/migrations/*_public_rosters.sql).
 *
 * Here is the one place that knows it. A read of `teams` asks for both rows and answers one
 * `teams` document: the whole one when the session may read it (staff), else the public form,
 * marked `form: 'public'`. The store never lets a public form stand in for a whole one it holds
 * (store-state.ts), and a read made while it holds one asks for the whole row afresh; the
 * database refuses a save of the public form over the stored details.
 */

/** The version a reader holds of each document or row (content-repository.ts's HeldVersions). */
type Held = Readonly<Record<string, number | undefined>>

/** The row each such document's public form is stored in. */
const PUBLIC_ROWS: Readonly<Record<string, string>> = { teams: 'publicTeams' }
const DOCUMENT_OF_ROW: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PUBLIC_ROWS).map(([key, row]) => [row, key]),
)

/** The documents that have a public form. */
export const DOCUMENTS_WITH_PUBLIC_FORMS: readonly string[] = Object.keys(PUBLIC_ROWS)

/** The row holding `key`'s public form, when it has one. */
export function publicRowOf(key: string): string | undefined {
  return PUBLIC_ROWS[key]
}

/**
 * The row a document of `key` in `form` was read from: what a reader's held versions name it by.
 *
 * @example
 * heldRowOf('teams', 'public') // 'publicTeams'
 */
export function heldRowOf(key: string, form?: 'public'): string {
  return (form === 'public' && publicRowOf(key)) || key
}

/**
 * The version of `key` a reader holds, whichever form: `held` names a public form by its row.
 *
 * @example
 * heldVersionOf({ publicTeams: 4 }, 'teams') // 4
 */
export function heldVersionOf(held: Held, key: string): number | undefined {
  const row = publicRowOf(key)
  return held[key] ?? (row === undefined ? undefined : held[row])
}

/**
 * The rows a read of `keys` asks for, and the version held of each. A document held whole is
 * left out at its version in both rows (they share it); one held in its public form only in the
 * public row, so that a session that may read the whole one gets it.
 *
 * @example
 * rowsToRead(['teams', 'alerts'], { publicTeams: 4 })
 * // { keys: ['teams', 'publicTeams', 'alerts'], held: { publicTeams: 4 } }
 */
export function rowsToRead(
  keys: readonly string[],
  held: Held = {},
): { keys: string[]; held: Record<string, number> } {
  const rows: string[] = []
  const versions: Record<string, number> = {}
  for (const key of keys) {
    rows.push(key)
    const own = held[key]
    if (Number.isInteger(own)) versions[key] = own as number
    const row = publicRowOf(key)
    if (row === undefined) continue
    rows.push(row)
    const version = heldVersionOf(held, key)
    if (Number.isInteger(version)) versions[row] = version as number
  }
  return { keys: rows, held: versions }
}

/**
 * The documents a read's rows hold: a public form's row becomes its document, marked
 * `form: 'public'`, unless the whole document came too.
 *
 * @example
 * documentsOf([{ key: 'publicTeams', value, version: 4, updatedAt }])
 * // [{ key: 'teams', value, version: 4, updatedAt, form: 'public' }]
 */
export function documentsOf<Row extends { key: string }>(
  rows: readonly Row[],
): (Row & { form?: 'public' })[] {
  const whole = new Set(rows.map((row) => row.key))
  const documents: (Row & { form?: 'public' })[] = []
  for (const row of rows) {
    const key = DOCUMENT_OF_ROW[row.key]
    if (key === undefined) documents.push(row)
    else if (!whole.has(key)) documents.push({ ...row, key, form: 'public' })
  }
  return documents
}

/**
 * The document a row is, and its form: what a live change of a public form's row applies to.
 *
 * @example
 * documentOfRow('publicTeams') // { key: 'teams', form: 'public' }
 */
export function documentOfRow(row: string): { key: string; form?: 'public' } {
  const key = DOCUMENT_OF_ROW[row]
  return key === undefined ? { key: row } : { key, form: 'public' }
}
