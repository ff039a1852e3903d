import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'

import { sameDocument } from '../../content/same-document.ts'
import { uniqueId } from '../../entities/unique-id.ts'
import { BATS_THROWS, PLAYER_POSITIONS } from '../../entities/player.ts'
import type { TeamForm } from './team-rules.ts'
import { RosterPastePanel } from './roster-paste-panel.tsx'
import { emptyPlayerForm, sharedNumbers, sortByNumber, tidyText } from './roster-rules.ts'
import type { PlayerForm, PlayerErrors, PlayerField } from './roster-rules.ts'

/** Props of {@link RosterEditor}. */
export type RosterEditorProps = {
  /** The team whose roster this is (its name labels the table; the paste preview shows it). */
  team: TeamForm
  /** Problems by player id; empty until the first attempt to save. */
  errors: Readonly<Record<string, PlayerErrors>>
  /**
   * The new roster, or how to make it from the latest one (a row's edit: the rows are
   * memoized, so their handlers must not hold an older roster).
   */
  onChange(roster: PlayerForm[] | ((current: PlayerForm[]) => PlayerForm[])): void
  /** Opens "Move to team…" for a player; without it the rows offer no move. Must be stable. */
  onMove?: (playerId: string) => void
}

type Column = {
  field: PlayerField
  label: string
  kind: 'text' | 'number' | 'position' | 'batsThrows'
}

const COLUMNS: readonly Column[] = [
  { field: 'number', label: 'Number', kind: 'number' },
  { field: 'name', label: 'Name', kind: 'text' },
  { field: 'position', label: 'Position', kind: 'position' },
  { field: 'batsThrows', label: 'Bats/Throws', kind: 'batsThrows' },
  { field: 'gradYear', label: 'Grad year', kind: 'number' },
  { field: 'highSchool', label: 'High school', kind: 'text' },
  { field: 'height', label: 'Height', kind: 'text' },
  { field: 'weight', label: 'Weight (lb)', kind: 'number' },
]

/** How a roster row is named in labels: the player's name, or its place while unnamed. */
function rowName(player: PlayerForm, index: number): string {
  return tidyText(player.name) || `new player in row ${index + 1}`
}

type FocusRequest = { playerId: string; field: 'number' | 'remove' } | { control: 'add' | 'paste' }

/**
 * A team's roster as a form: one row per player with every field (number, name, position,
 * bats/throws, grad year, high school, height, weight), Add player, Sort by number, Remove,
 * Move to another team (when `onMove` is given), and the spreadsheet paste. A number worn twice is flagged on both rows. The rows are a table
 * where the editor is wide enough and stacked cards where it is not (a container query), so
 * nothing is wider than a phone's screen.
 *
 * @example
 * <RosterEditor team={team} errors={{}} onChange={(roster) => setTeam({ ...team, roster })} />
 */
export function RosterEditor({ team, errors, onChange, onMove }: RosterEditorProps) {
  const id = useId()
  const { roster } = team
  const [pasting, setPasting] = useState(false)
  const [status, setStatus] = useState('')
  const root = useRef<HTMLDivElement>(null)
  const focusNext = useRef<FocusRequest | null>(null)
  const names = new Map(roster.map((player, index) => [player.id, rowName(player, index)]))
  const shared = sharedNumbers(roster)
  const sharedWith = new Map<string, string[]>()
  for (const { ids } of shared) {
    for (const playerId of ids) {
      sharedWith.set(
        playerId,
        ids.filter((other) => other !== playerId).map((other) => names.get(other) ?? ''),
      )
    }
  }

  useEffect(() => {
    const request = focusNext.current
    focusNext.current = null
    if (!request || !root.current) return
    const selector =
      'control' in request
        ? `[data-control="${request.control}"]`
        : `[data-player-id="${request.playerId}"] [data-control="${request.field}"]`
    root.current.querySelector<HTMLElement>(selector)?.focus()
  })

  // A keystroke renders its own row: the rows are memoized and these handlers are stable.
  const update = useCallback(
    (playerId: string, patch: Partial<PlayerForm>) =>
      onChange((current) =>
        current.map((player) => (player.id === playerId ? { ...player, ...patch } : player)),
      ),
    [onChange],
  )
  const removeLatest = useRef<(playerId: string) => void>(() => {})
  const removeRow = useCallback((playerId: string) => removeLatest.current(playerId), [])

  const add = () => {
    let playerId = uniqueId('player')
    while (roster.some((player) => player.id === playerId)) playerId = uniqueId('player')
    focusNext.current = { playerId, field: 'number' }
    setStatus(`Added a row for a new player to the ${team.name} roster.`)
    onChange([...roster, emptyPlayerForm(playerId)])
  }

  const remove = (playerId: string) => {
    const index = roster.findIndex((player) => player.id === playerId)
    const player = roster[index]
    if (!player) return
    const neighbour = roster[index + 1] ?? roster[index - 1]
    focusNext.current = neighbour ? { playerId: neighbour.id, field: 'remove' } : { control: 'add' }
    setStatus(`Removed ${rowName(player, index)}. Discard changes brings them back.`)
    onChange(roster.filter((other) => other.id !== player.id))
  }

  useLayoutEffect(() => {
    removeLatest.current = remove
  })

  const sort = () => {
    setStatus(`Sorted the ${team.name} roster by number.`)
    onChange(sortByNumber(roster))
  }

  const captionId = `${id}-caption`
  const sharedText = shared.map(
    ({ number, ids }) =>
      `Number ${number} is worn by ${listOf(ids.map((playerId) => names.get(playerId) ?? ''))}.`,
  )

  return (
    <div className="roster-editor" ref={root}>
      {sharedText.length > 0 && (
        <div className="roster-editor__shared">
          <p>
            <strong>Shared numbers.</strong> Each player on a team usually wears a number of their
            own:
          </p>
          <ul>
            {sharedText.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      {roster.length === 0 ? (
        <p className="roster-editor__empty">
          No players yet. The team page says the roster will be posted after tryouts.
        </p>
      ) : (
        <div className="roster-editor__frame" role="region" aria-labelledby={captionId}>
          <table className="roster-editor__table">
            <caption id={captionId}>
              {team.name.trim() || 'New team'} roster, {roster.length}{' '}
              {roster.length === 1 ? 'player' : 'players'}
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.field} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{onMove ? 'Move or remove' : 'Remove'}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {roster.map((player, index) => (
                <PlayerRow
                  key={player.id}
                  player={player}
                  name={rowName(player, index)}
                  errors={errors[player.id] ?? NO_ERRORS}
                  sharedWith={sharedWith.get(player.id) ?? NOT_SHARED}
                  onChange={update}
                  onRemove={removeRow}
                  onMove={onMove}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="editor-actions roster-editor__actions">
        <button
          type="button"
          className="btn btn--outline btn--small"
          data-control="add"
          onClick={add}
        >
          Add player
        </button>
        {roster.length > 1 && (
          <button type="button" className="btn btn--outline btn--small" onClick={sort}>
            Sort by number
          </button>
        )}
        <button
          type="button"
          className="btn btn--outline btn--small"
          data-control="paste"
          aria-expanded={pasting}
          aria-controls={pasting ? `${id}-paste` : undefined}
          onClick={() => setPasting(!pasting)}
        >
          Paste from a spreadsheet
        </button>
      </div>
      {pasting && (
        <RosterPastePanel
          id={`${id}-paste`}
          team={team}
          onApply={(next, summary) => {
            setPasting(false)
            setStatus(`${summary} Save to publish the roster.`)
            focusNext.current = { control: 'paste' }
            onChange(next)
          }}
          onCancel={() => {
            setPasting(false)
            focusNext.current = { control: 'paste' }
          }}
        />
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  )
}

/** "A", "A and B", "A, B and C". */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
}

const NO_ERRORS: PlayerErrors = {}
const NOT_SHARED: readonly string[] = []

type PlayerRowProps = {
  player: PlayerForm
  name: string
  errors: PlayerErrors
  sharedWith: readonly string[]
  onChange(playerId: string, patch: Partial<PlayerForm>): void
  onRemove(playerId: string): void
  onMove?: ((playerId: string) => void) | undefined
}

/** Props alike, with errors and shared numbers compared by value (made anew on each render). */
const samePlayerRowProps = (before: PlayerRowProps, after: PlayerRowProps) =>
  before.player === after.player &&
  before.name === after.name &&
  before.onChange === after.onChange &&
  before.onRemove === after.onRemove &&
  before.onMove === after.onMove &&
  (before.errors === after.errors || sameDocument(before.errors, after.errors)) &&
  (before.sharedWith === after.sharedWith || sameDocument(before.sharedWith, after.sharedWith))

const PlayerRow = memo(function PlayerRow({
  player,
  name,
  errors,
  sharedWith,
  onChange: change,
  onRemove: removePlayer,
  onMove: movePlayer,
}: PlayerRowProps) {
  const id = useId()
  // The row's controls belong to a form of their own, so that a browser's autofill, which
  // re-reads the whole form of a field on every keystroke, reads this row's nine controls and
  // not every control on the screen (in Chromium, about 5 ms of a keystroke's 15 ms).
  const formId = `${id}-form`
  const onChange = (patch: Partial<PlayerForm>) => change(player.id, patch)
  const onRemove = () => removePlayer(player.id)
  return (
    <tr data-player-id={player.id}>
      {COLUMNS.map((column) => {
        const error = errors[column.field]
        const warning =
          column.field === 'number' && sharedWith.length > 0
            ? `Also worn by ${listOf(sharedWith)}.`
            : undefined
        const errorId = `${id}-${column.field}-error`
        const warningId = `${id}-${column.field}-warning`
        const describedBy =
          [error ? errorId : '', warning ? warningId : ''].filter(Boolean).join(' ') || undefined
        const common = {
          className: 'roster-editor__control',
          'aria-label': `${column.label}, ${name}`,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          form: formId,
          value: player[column.field],
          ...(column.field === 'number' ? { 'data-control': 'number' } : {}),
        }
        return (
          <td
            key={column.field}
            className={`roster-editor__cell roster-editor__cell--${column.field}`}
            data-label={column.label}
          >
            {column.kind === 'position' || column.kind === 'batsThrows' ? (
              <select
                {...common}
                onChange={(event) => onChange({ [column.field]: event.target.value })}
              >
                <option value="">Choose…</option>
                {(column.kind === 'position' ? PLAYER_POSITIONS : BATS_THROWS).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type="text"
                autoComplete="off"
                inputMode={column.kind === 'number' ? 'numeric' : undefined}
                onChange={(event) => onChange({ [column.field]: event.target.value })}
              />
            )}
            {error && (
              <p className="roster-editor__error" id={errorId}>
                {error}
              </p>
            )}
            {warning && (
              <p className="roster-editor__warning" id={warningId}>
                {warning}
              </p>
            )}
          </td>
        )
      })}
      <td className="roster-editor__cell roster-editor__cell--remove">
        {/* Named by an attribute, not hidden text: a keystroke in the name then changes no
            text outside the field, and lays out only the field (see the stylesheet). */}
        {movePlayer && (
          <button
            type="button"
            className="btn btn--outline btn--small"
            data-control="move"
            aria-label={`Move ${name} to another team`}
            aria-haspopup="dialog"
            form={formId}
            onClick={() => movePlayer(player.id)}
          >
            Move…
          </button>
        )}
        <button
          type="button"
          className="btn btn--danger btn--small"
          data-control="remove"
          aria-label={`Remove ${name}`}
          form={formId}
          onClick={onRemove}
        >
          Remove
        </button>
        <form id={formId} onSubmit={(event) => event.preventDefault()} />
      </td>
    </tr>
  )
}, samePlayerRowProps)
