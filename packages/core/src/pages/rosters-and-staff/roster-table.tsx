import { EditableImage, EditablePanel, EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import type { DocumentPath } from '../../entities/document-path.ts'
import type { Team } from '../../entities/team.ts'
import { useEditing } from '../../editing/editing-context.ts'
import { newRosterPlayer, rosterEntryLabel } from './new-player.ts'
import { rosterName, rosterPrivacyFor } from './roster-privacy.ts'
import './roster-table.css'

/** Props of {@link RosterTable}. */
export type RosterTableProps = {
  /** The team's key in the `teams` document (for edit paths). */
  teamKey: string
  team: Team
}

// Column headings, also shown beside each value when a narrow roster turns into cards.
const LABELS = {
  position: 'Position',
  batsThrows: 'Bats/Throws',
  gradYear: 'Grad year',
  highSchool: 'High school',
  height: 'Height',
  weight: 'Weight',
} as const

/** A player's optional text (high school, height) in its cell, editable in place, or "Not listed". */
function OptionalTextCell({
  field,
  path,
  value,
}: {
  field: 'highSchool' | 'height'
  path: DocumentPath<'teams'>
  value: string | undefined
}) {
  return (
    <td role="cell" data-label={LABELS[field]}>
      {value ? <EditableText contentKey="teams" path={path} value={value} /> : <NotListed />}
    </td>
  )
}

/**
 * A team's roster as a table with every player field. Where the roster is narrower than the
 * table needs (a phone), CSS alone lays each row out as a card with every value labelled, so
 * the prerendered page is right at first paint. The explicit roles keep the table's meaning
 * for assistive technology when CSS changes how its rows are displayed.
 */
export function RosterTable({ teamKey, team }: RosterTableProps) {
  // Staff editing the page see and edit everything; visitors see what the team's setting allows.
  const { isEditing } = useEditing()
  const privacy = rosterPrivacyFor(team)
  const showBody = isEditing || privacy.showHeightWeight
  const names = isEditing ? 'full' : privacy.names
  const columns = Object.entries(LABELS)
    .filter(([key]) => showBody || (key !== 'height' && key !== 'weight'))
    .map(([, label]) => label)
  if (team.roster.length === 0) {
    return <p className="roster-empty">The {team.name} roster will be posted after tryouts.</p>
  }
  const at = <const F extends string>(index: number, field: F) =>
    [teamKey, 'roster', index, field] as const
  return (
    // In edit mode, "Move to team…" follows the roster (a player moved keeps every field).
    <EditablePanel
      contentKey="teams"
      path={[teamKey]}
      panel="rosterMove"
      label="Move a player to another team"
    >
      <div className="roster-table-wrap">
        <table className="roster-table" role="table">
          <caption>{team.name} roster</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Number
              </th>
              <th scope="col" role="columnheader">
                <span className="visually-hidden">Photo</span>
              </th>
              <th scope="col" role="columnheader">
                Player
              </th>
              {columns.map((label) => (
                <th scope="col" role="columnheader" key={label}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <EditableList
            as="tbody"
            role="rowgroup"
            contentKey="teams"
            path={[teamKey, 'roster']}
            items={team.roster}
            itemAs="tr"
            itemKey={(player) => player.id}
            itemProps={() => ({ role: 'row' })}
            itemLabel={rosterEntryLabel}
            newItem={() => newRosterPlayer(team.roster)}
            renderItem={(player, i) => (
              <>
                <td className="roster-table__number" role="cell">
                  {player.number}
                </td>
                <td className="roster-table__photo" role="cell">
                  {player.imageUrl ? (
                    <EditableImage
                      contentKey="teams"
                      path={at(i, 'imageUrl')}
                      src={player.imageUrl}
                      alt={rosterName(player.name, names)}
                      width={40}
                      height={40}
                      sizes="3rem"
                      className="roster-table__avatar"
                    />
                  ) : null}
                </td>
                <th scope="row" role="rowheader" className="roster-table__player">
                  {names === 'full' ? (
                    <EditableText contentKey="teams" path={at(i, 'name')} value={player.name} />
                  ) : (
                    rosterName(player.name, names)
                  )}
                </th>
                <td role="cell" data-label={LABELS.position}>
                  {player.position}
                </td>
                <td role="cell" data-label={LABELS.batsThrows}>
                  {player.batsThrows}
                </td>
                <td role="cell" data-label={LABELS.gradYear}>
                  {player.gradYear ?? <NotListed />}
                </td>
                <OptionalTextCell
                  field="highSchool"
                  path={at(i, 'highSchool')}
                  value={player.highSchool}
                />
                {showBody && (
                  <OptionalTextCell field="height" path={at(i, 'height')} value={player.height} />
                )}
                {showBody && (
                  <td role="cell" data-label={LABELS.weight}>
                    {player.weight === null ? <NotListed /> : `${player.weight} lb`}
                  </td>
                )}
              </>
            )}
          />
        </table>
      </div>
    </EditablePanel>
  )
}

function NotListed() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not listed</span>
    </>
  )
}
