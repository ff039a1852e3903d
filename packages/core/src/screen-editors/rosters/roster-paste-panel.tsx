import { useId, useMemo, useState } from 'react'
import type { ReactNode } from 'react'

import { EditingContext } from '../../editing/editing-context.ts'
import { uniqueId } from '../../entities/unique-id.ts'
import type { Player } from '../../entities/player.ts'
import { RosterTable } from '../../pages/rosters-and-staff/roster-table.tsx'
import { planRosterPaste } from './roster-changes.ts'
import type { PasteMode, RosterChangePlan } from './roster-changes.ts'
import { COLUMN_LABELS, HEADERLESS_COLUMNS, parseRosterPaste } from './roster-paste.ts'
import { checkPlayer, tidyText } from './roster-rules.ts'
import type { PlayerForm } from './roster-rules.ts'
import type { TeamForm } from './team-rules.ts'

/** Props of {@link RosterPastePanel}. */
export type RosterPastePanelProps = {
  id: string
  team: TeamForm
  /** Called with the roster to use and a one-line summary of what changed. */
  onApply(next: PlayerForm[], summary: string): void
  onCancel(): void
}

// Adding and updating comes first and is the default: replacing removes players, so it is
// only ever chosen.
const MODES: { value: PasteMode; label: string; hint: string }[] = [
  {
    value: 'merge',
    label: 'Add and update only',
    hint: 'Players the paste does not list stay on the roster.',
  },
  {
    value: 'replace',
    label: 'Replace the roster',
    hint: 'The paste is the whole roster: players it does not list are removed.',
  },
]

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`

/** "2 to add, 1 to change, 1 to remove, 1 row rejected", or "No changes". */
export function planSummary(plan: RosterChangePlan): string {
  const parts = [
    plan.added.length > 0 ? `${plan.added.length} to add` : '',
    plan.changed.length > 0 ? `${plan.changed.length} to change` : '',
    plan.removed.length > 0 ? `${plan.removed.length} to remove` : '',
    plan.reordered ? 'the order to follow the paste' : '',
    plan.rejected.length > 0 ? `${plural(plan.rejected.length, 'row')} rejected` : '',
  ].filter(Boolean)
  return parts.length > 0 ? `${parts.join(', ')}.` : 'No changes.'
}

function appliedSummary(plan: RosterChangePlan): string {
  const parts = [
    plan.added.length > 0 ? `${plural(plan.added.length, 'player')} added` : '',
    plan.changed.length > 0 ? `${plan.changed.length} changed` : '',
    plan.removed.length > 0 ? `${plan.removed.length} removed` : '',
  ].filter(Boolean)
  return `Roster updated from the paste${parts.length > 0 ? `: ${parts.join(', ')}` : ''}.`
}

const who = (player: PlayerForm) => `#${player.number.trim() || '?'} ${tidyText(player.name)}`

/**
 * "Paste a roster from a spreadsheet": a text area for rows copied from a spreadsheet (tab
 * separated) or a CSV file (comma separated, quoted cells allowed), with or without a header
 * row, and a live preview of what applying them would do: players added, changed (field by
 * field), removed, rows rejected with their reasons, cells read as something other than typed,
 * and shared numbers. Nothing changes until Apply, which waits while any row is rejected (fix
 * the row in the paste, or delete it), so no pasted player is ever dropped; the roster is then
 * saved with the editor's Save. Players the paste does not list stay unless "Replace" is chosen.
 *
 * @example
 * <RosterPastePanel id="paste" team={team} onApply={(next) => setRoster(next)} onCancel={close} />
 */
export function RosterPastePanel({ id, team, onApply, onCancel }: RosterPastePanelProps) {
  const [text, setText] = useState('')
  const [mode, setMode] = useState<PasteMode>('merge')
  const parsed = useMemo(() => parseRosterPaste(text), [text])
  const plan = useMemo(() => {
    // One id base per preview, so ids of players added together never collide.
    const base = uniqueId('player')
    let count = 0
    return planRosterPaste(team.roster, parsed, { mode, newId: () => `${base}-${++count}` })
  }, [team.roster, parsed, mode])
  const hasText = text.trim() !== ''
  const titleId = `${id}-title`
  const hintId = `${id}-hint`
  const teamName = team.name.trim() || 'this team'
  const rejected = hasText && !parsed.problem ? plan.rejected.length : 0
  const canApply = hasText && !parsed.problem && plan.hasChanges && rejected === 0

  return (
    <section className="roster-paste" id={id} aria-labelledby={titleId}>
      <h6 id={titleId} className="roster-paste__title">
        Paste a roster from a spreadsheet
      </h6>
      <div className="editor-field">
        <label className="editor-field__label" htmlFor={`${id}-text`}>
          Rows from a spreadsheet
        </label>
        <div className="editor-field__hint" id={hintId}>
          <p>
            Copy the rows in Excel, Google Sheets or Numbers and paste them here, or paste the text
            of a CSV file. Columns are separated by tabs or commas; a cell in quotes may hold
            commas.
          </p>
          <p>
            A first row naming the columns (such as #, Name, Pos, B/T) is optional. Without one, the
            columns are: {HEADERLESS_COLUMNS.map((kind) => COLUMN_LABELS[kind]).join(', ')}.
          </p>
        </div>
        <textarea
          id={`${id}-text`}
          className="editor-field__control roster-paste__text"
          rows={8}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={hintId}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <fieldset className="roster-paste__modes">
        <legend className="editor-field__label">Players the paste does not list</legend>
        {MODES.map((option) => (
          <div key={option.value} className="roster-paste__mode">
            <input
              type="radio"
              id={`${id}-${option.value}`}
              name={`${id}-mode`}
              value={option.value}
              checked={mode === option.value}
              aria-describedby={`${id}-${option.value}-hint`}
              onChange={() => setMode(option.value)}
            />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
            <span className="editor-field__hint" id={`${id}-${option.value}-hint`}>
              {option.hint}
            </span>
          </div>
        ))}
      </fieldset>
      <section className="roster-paste__preview" aria-labelledby={`${id}-preview`}>
        <p className="roster-paste__preview-title" id={`${id}-preview`}>
          <strong>What will change on the {teamName} roster</strong>
        </p>
        <p className="roster-paste__summary" role="status">
          {!hasText
            ? 'Paste rows to see what will change.'
            : parsed.problem
              ? parsed.problem
              : planSummary(plan)}
        </p>
        {hasText && !parsed.problem && <PlanDetails plan={plan} parsed={parsed} />}
      </section>
      {hasText && !parsed.problem && plan.hasChanges && (
        <VisitorPreview team={team} roster={plan.next} />
      )}
      <div className="editor-actions">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={!canApply}
          aria-describedby={rejected > 0 ? `${id}-blocked` : undefined}
          onClick={() => onApply(plan.next, appliedSummary(plan))}
        >
          Apply to the roster
        </button>
        <button type="button" className="btn btn--outline btn--small" onClick={onCancel}>
          Cancel
        </button>
        {rejected > 0 && (
          <p className="roster-paste__blocked" id={`${id}-blocked`}>
            {`Fix ${rejected === 1 ? 'the rejected row' : `the ${rejected} rejected rows`} in the paste (or delete ${rejected === 1 ? 'it' : 'them'}) to apply: no pasted player is left out.`}
          </p>
        )}
      </div>
    </section>
  )
}

function PlanDetails({
  plan,
  parsed,
}: {
  plan: RosterChangePlan
  parsed: ReturnType<typeof parseRosterPaste>
}) {
  const rows = parsed.accepted.length + parsed.rejected.length
  const notes = parsed.accepted.flatMap(({ row, notes }) => notes.map((note) => ({ row, note })))
  return (
    <div className="roster-paste__details">
      <p className="roster-paste__read-as">
        Read {plural(rows, 'row')} as {parsed.delimiter === '\t' ? 'tab' : 'comma'}-separated,{' '}
        {parsed.hasHeader ? 'with a header row' : 'without a header row'}.
        {parsed.ignoredColumns.length > 0 && ` Not used: ${parsed.ignoredColumns.join(', ')}.`}
      </p>
      <Group title={`Added (${plan.added.length})`} shown={plan.added.length > 0}>
        {plan.added.map(({ row, player }) => (
          <li key={player.id}>
            {who(player)}, {player.position}, {player.batsThrows}{' '}
            <span className="roster-paste__row">(row {row})</span>
          </li>
        ))}
      </Group>
      <Group title={`Changed (${plan.changed.length})`} shown={plan.changed.length > 0}>
        {plan.changed.map(({ row, before, changes }) => (
          <li key={before.id}>
            {who(before)} <span className="roster-paste__row">(row {row})</span>:{' '}
            {changes.map((change, index) => (
              <span key={change.field}>
                {index > 0 && '; '}
                {change.label} {change.before || 'blank'}
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> becomes </span>
                {change.after || 'blank'}
              </span>
            ))}
          </li>
        ))}
      </Group>
      <Group title={`Removed (${plan.removed.length})`} shown={plan.removed.length > 0}>
        {plan.removed.map((player) => (
          <li key={player.id}>{who(player)}</li>
        ))}
      </Group>
      <Group
        title={`Rows rejected (${plan.rejected.length})`}
        shown={plan.rejected.length > 0}
        tone="problem"
      >
        {plan.rejected.map((row) => (
          <li key={row.row}>
            <span className="roster-paste__row">Row {row.row}</span>{' '}
            <code className="roster-paste__cells">{row.text}</code>: {row.reasons.join(' ')}
          </li>
        ))}
      </Group>
      <Group title={`Read differently (${notes.length})`} shown={notes.length > 0} tone="warning">
        {notes.map(({ row, note }) => (
          <li key={`${row}-${note}`}>
            <span className="roster-paste__row">Row {row}</span>: {note}
          </li>
        ))}
      </Group>
      <Group title={`Staying as they are (${plan.kept.length})`} shown={plan.kept.length > 0}>
        {plan.kept.map(({ row, player }) => (
          <li key={player.id}>
            {who(player)}: row {row} names them but was rejected, so they stay as they are.
          </li>
        ))}
      </Group>
      <Group title="Shared numbers" shown={plan.shared.length > 0} tone="warning">
        {plan.shared.map(({ number, names }) => (
          <li key={number}>
            Number {number} would be worn by {names.join(' and ')}.
          </li>
        ))}
      </Group>
      {plan.unchanged.length > 0 && (
        <p className="roster-paste__unchanged">
          {plural(plan.unchanged.length, 'player')} listed as they already are.
        </p>
      )}
      {plan.reordered && <p>The roster will list the players in the paste’s order.</p>}
    </div>
  )
}

function Group({
  title,
  shown,
  tone,
  children,
}: {
  title: string
  shown: boolean
  tone?: 'problem' | 'warning'
  children: ReactNode
}) {
  const id = useId()
  if (!shown) return null
  return (
    <div className={`roster-paste__group${tone ? ` roster-paste__group--${tone}` : ''}`}>
      <p className="roster-paste__group-title" id={id}>
        {title}
      </p>
      <ul aria-labelledby={id}>{children}</ul>
    </div>
  )
}

/** The roster after applying, as visitors will see it (the public roster table, read only). */
function VisitorPreview({ team, roster }: { team: TeamForm; roster: readonly PlayerForm[] }) {
  const players: Player[] = []
  for (const values of roster) {
    const checked = checkPlayer(values)
    // A roster still holding entries with problems has no faithful public view yet.
    if (!checked.ok) return null
    players.push(checked.player)
  }
  return (
    <details className="roster-paste__visitor">
      <summary>Show the roster as visitors will see it</summary>
      <EditingContext.Provider value={{ isEditing: false }}>
        <RosterTable teamKey={team.id} team={{ ...team, roster: players }} />
      </EditingContext.Provider>
    </details>
  )
}
