import { useId } from 'react'

import { EditableImage, EditableText } from '../../editing/editable.tsx'
import type { Team } from '../../entities/team.ts'
import './roster-table.css'

/** Props of {@link RosterTable}. */
export type RosterTableProps = {
  /** The team's key in the `teams` document (for edit paths). */
  teamKey: string
  team: Team
}

/**
 * A team's roster as a table with every player field. The table scrolls inside its own frame on
 * narrow screens (the frame is focusable, so keyboard users can scroll it too).
 */
export function RosterTable({ teamKey, team }: RosterTableProps) {
  const captionId = useId()
  if (team.roster.length === 0) {
    return <p className="roster-empty">The {team.name} roster will be posted after tryouts.</p>
  }
  const at = (index: number, field: string) => [teamKey, 'roster', index, field]
  return (
    <div
      className="table-wrap roster-table-wrap"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className="roster-table">
        <caption id={captionId}>{team.name} roster</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">
              <span className="visually-hidden">Photo</span>
            </th>
            <th scope="col">Player</th>
            <th scope="col">Position</th>
            <th scope="col">Bats/Throws</th>
            <th scope="col">Grad year</th>
            <th scope="col">High school</th>
            <th scope="col">Height</th>
            <th scope="col">Weight</th>
          </tr>
        </thead>
        <tbody>
          {team.roster.map((player, i) => (
            <tr key={player.id}>
              <td className="roster-table__number">{player.number}</td>
              <td className="roster-table__photo">
                {player.imageUrl ? (
                  <EditableImage
                    contentKey="teams"
                    path={at(i, 'imageUrl')}
                    src={player.imageUrl}
                    alt={player.name}
                    width={40}
                    height={40}
                    className="roster-table__avatar"
                  />
                ) : null}
              </td>
              <th scope="row" className="roster-table__player">
                <EditableText contentKey="teams" path={at(i, 'name')} value={player.name} />
              </th>
              <td>{player.position}</td>
              <td>{player.batsThrows}</td>
              <td>{player.gradYear ?? <NotListed />}</td>
              <td>
                {player.highSchool ? (
                  <EditableText
                    contentKey="teams"
                    path={at(i, 'highSchool')}
                    value={player.highSchool}
                  />
                ) : (
                  <NotListed />
                )}
              </td>
              <td>
                {player.height ? (
                  <EditableText contentKey="teams" path={at(i, 'height')} value={player.height} />
                ) : (
                  <NotListed />
                )}
              </td>
              <td>{player.weight === null ? <NotListed /> : `${player.weight} lb`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
