import { Link } from 'react-router'

import { EditableText } from '../../editing/editable.tsx'
import type { Alumni, CollegeCommit } from '../../entities/alumni.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import './alumni-page.css'

const CONTENT_KEY = 'alumni'

/** Props of {@link AlumniPage}. */
export type AlumniPageProps = {
  /** `alumni`. */
  alumni: Alumni
}

function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * True when a college commit was also drafted: flagged in content, or sharing a name with an
 * MLB draft pick (editors add a pick without always re-flagging the commit).
 */
export function isDraftedCommit(
  commit: CollegeCommit,
  draftPickNames: ReadonlySet<string>,
): boolean {
  return commit.isDraftPick === true || draftPickNames.has(nameKey(commit.name))
}

/** /alumni: MLB draft picks, then college commitments with draft picks flagged. */
export function AlumniPage({ alumni }: AlumniPageProps) {
  const { mlbDraftPicks, collegeCommits } = alumni
  const pickNames = new Set(mlbDraftPicks.map((pick) => nameKey(pick.name)))
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Alumni</h1>
          <p>
            Players who grew up on our fields and went on to play in college and professional
            baseball. We are proud of every one of them.
          </p>
        </div>
      </section>
      <div className="container alumni-stats">
        <ul>
          <li>
            <span className="alumni-stats__number">{mlbDraftPicks.length}</span> MLB draft{' '}
            {mlbDraftPicks.length === 1 ? 'pick' : 'picks'}
          </li>
          <li>
            <span className="alumni-stats__number">{collegeCommits.length}</span> college{' '}
            {collegeCommits.length === 1 ? 'commitment' : 'commitments'}
          </li>
        </ul>
      </div>
      <section className="section" aria-labelledby="alumni-draft">
        <div className="container">
          <h2 id="alumni-draft">MLB draft picks</h2>
          {mlbDraftPicks.length === 0 ? (
            <p>No draft picks are listed yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="alumni-table">
                <caption className="visually-hidden">
                  Alumni selected in the MLB draft, with their school and draft details
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">School</th>
                    <th scope="col">Achievement</th>
                  </tr>
                </thead>
                <tbody>
                  {mlbDraftPicks.map((pick, index) => (
                    <tr key={pick.id}>
                      <EditableText
                        as="th"
                        scope="row"
                        contentKey={CONTENT_KEY}
                        path={['mlbDraftPicks', index, 'name']}
                        value={pick.name}
                      />
                      <EditableText
                        as="td"
                        contentKey={CONTENT_KEY}
                        path={['mlbDraftPicks', index, 'school']}
                        value={pick.school}
                      />
                      <EditableText
                        as="td"
                        contentKey={CONTENT_KEY}
                        path={['mlbDraftPicks', index, 'achievement']}
                        value={pick.achievement}
                      />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="alumni-commits">
        <div className="container">
          <h2 id="alumni-commits">College commitments</h2>
          {collegeCommits.length === 0 ? (
            <p>No college commitments are listed yet.</p>
          ) : (
            <ul className="grid alumni-commits">
              {collegeCommits.map((commit, index) => (
                <li key={commit.id} className="card alumni-commit">
                  <EditableText
                    as="p"
                    className="alumni-commit__name"
                    contentKey={CONTENT_KEY}
                    path={['collegeCommits', index, 'name']}
                    value={commit.name}
                  />
                  <EditableText
                    as="p"
                    className="alumni-commit__school"
                    contentKey={CONTENT_KEY}
                    path={['collegeCommits', index, 'school']}
                    value={commit.school}
                  />
                  {isDraftedCommit(commit, pickNames) && (
                    <p className="badge alumni-commit__drafted">
                      <span aria-hidden="true">★ </span>MLB draft pick
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section className="section" aria-labelledby="alumni-next">
        <div className="container">
          <h2 id="alumni-next">The next generation</h2>
          <p>
            Our competitive programs prepare high-school players for the next level, with coaching,
            showcases and help with college recruiting.
          </p>
          <p>
            <Link to="/programs/dmv-prospects" className="btn btn--primary">
              Explore DMV Prospects
            </Link>{' '}
            <Link to="/programs" className="btn btn--outline">
              See all programs
            </Link>
          </p>
        </div>
      </section>
    </>
  )
}

/** Head tags of /alumni. */
export function alumniMeta(alumni: Alumni): PageMeta {
  const picks = alumni.mlbDraftPicks.length
  return {
    title: pageTitle('Alumni'),
    description: `Meet the players who grew up in our league and went on to college baseball and softball${picks > 0 ? `, including ${picks} MLB draft ${picks === 1 ? 'pick' : 'picks'}` : ''}. See where our alumni play today.`,
  }
}
