import { Link } from 'react-router'

import { useContent } from '../../content/content-provider.tsx'
import { useHead } from '../../site/head.tsx'
import { EDIT_PREFIX } from '../../site/site-paths.ts'
import { adminHead } from '../admin-meta.ts'

/**
 * /admin/rosters-staff: until the dedicated roster editor exists, the way to each team page
 * and the staff cards in place-editing mode, where rosters and coaches are edited today.
 * The coaching staff is edited on the teams page.
 */
export function RostersStaffPage() {
  useHead(adminHead('Rosters & staff', '/admin/rosters-staff'))
  const teams = Object.values(useContent('teams')).sort((a, b) => a.name.localeCompare(b.name))
  return (
    <section className="admin-panel" aria-labelledby="rosters-title">
      <h1 id="rosters-title">Rosters &amp; staff</h1>
      <p>Open a team page to edit its roster and coaches in place.</p>
      <ul className="admin-list">
        {teams.map((team) => (
          <li key={team.id}>
            <Link to={`${EDIT_PREFIX}/team/${team.id}`}>{team.name}</Link>
            <span className="admin-meta">{` · ${team.roster.length} players`}</span>
          </li>
        ))}
      </ul>
      <p className="admin-actions">
        <Link className="btn btn--outline" to={`${EDIT_PREFIX}/teams`}>
          Teams page, with the coaching staff
        </Link>
      </p>
    </section>
  )
}
