import { useRef } from 'react'

import { Link } from '../../ui/link.tsx'
import { EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import { LEGACY_FACTS } from '../../club/club-facts.ts'
import type { Alumni, CollegeCommit, DraftPick } from '../../entities/alumni.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { ShowMore, usePaging } from '../shared/paged-list.tsx'
import { storedItem } from '../shared/stored-item.ts'
import { TitledSection } from '../shared/titled-section.tsx'
import './alumni-page.css'
import { paths } from '../../routing/public-paths.ts'

const CONTENT_KEY = 'alumni'

// The lists name recent alumni; the club's all-time total is the Legacy and Impact figure.
const ALL_TIME_COMMITS = LEGACY_FACTS.find((fact) => fact.id === 'college-commits')?.value ?? '150+'

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

/** Rows of the draft-pick table at first, and added by each "Show more". */
export const DRAFT_PICKS_PAGE_SIZE = 25
/** College commitments at first, and added by each "Show more" (a multiple of 2 and 3 columns). */
export const COMMITS_PAGE_SIZE = 24

// A draft pick an editor adds: a placeholder to type over, valid for the schema.
const newDraftPick = (): DraftPick => ({
  id: uniqueId('draft-pick'),
  name: 'New draft pick',
  school: '',
  achievement: '',
})

function DraftPicksTable({ picks }: { picks: readonly DraftPick[] }) {
  const rows = useRef<HTMLTableSectionElement>(null)
  const paging = usePaging({ items: picks, pageSize: DRAFT_PICKS_PAGE_SIZE, listRef: rows })
  return (
    <>
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
          <EditableList
            as="tbody"
            ref={rows}
            contentKey={CONTENT_KEY}
            path={['mlbDraftPicks']}
            items={paging.visible}
            itemAs="tr"
            itemKey={(pick) => pick.id}
            itemLabel={(pick) => pick.name}
            newItem={newDraftPick}
            renderItem={(pick, index) => {
              const stored = storedItem(CONTENT_KEY, ['mlbDraftPicks', index], pick)
              return (
                <>
                  <EditableText as="th" scope="row" {...stored.text('name')} />
                  <EditableText as="td" {...stored.text('school')} />
                  <EditableText as="td" {...stored.text('achievement')} />
                </>
              )
            }}
          />
        </table>
      </div>
      <ShowMore paging={paging} noun="draft picks" />
    </>
  )
}

// A college commitment an editor adds: a placeholder to type over, valid for the schema.
const newCommit = (): CollegeCommit => ({
  id: uniqueId('commit'),
  name: 'New player',
  school: 'College',
})

function CommitsList({
  commits,
  pickNames,
}: {
  commits: readonly CollegeCommit[]
  pickNames: ReadonlySet<string>
}) {
  const list = useRef<HTMLUListElement>(null)
  const paging = usePaging({ items: commits, pageSize: COMMITS_PAGE_SIZE, listRef: list })
  return (
    <>
      <EditableList
        ref={list}
        className="grid alumni-commits"
        contentKey={CONTENT_KEY}
        path={['collegeCommits']}
        items={paging.visible}
        itemKey={(commit) => commit.id}
        itemProps={() => ({ className: 'card alumni-commit' })}
        itemLabel={(commit) => commit.name}
        newItem={newCommit}
        empty={<p>No college commitments are listed yet.</p>}
        renderItem={(commit, index) => {
          const stored = storedItem(CONTENT_KEY, ['collegeCommits', index], commit)
          return (
            <>
              <EditableText as="p" className="alumni-commit__name" {...stored.text('name')} />
              <EditableText as="p" className="alumni-commit__school" {...stored.text('school')} />
              {isDraftedCommit(commit, pickNames) && (
                <p className="badge alumni-commit__drafted">
                  <span aria-hidden="true">★ </span>MLB draft pick
                </p>
              )}
            </>
          )
        }}
      />
      {commits.length > 0 && <ShowMore paging={paging} noun="college commitments" />}
    </>
  )
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
            <span className="alumni-stats__number">{collegeCommits.length}</span> recent college{' '}
            {collegeCommits.length === 1 ? 'commitment' : 'commitments'}
          </li>
        </ul>
      </div>
      <TitledSection className="section" titleId="alumni-draft" title="MLB draft picks">
        {mlbDraftPicks.length === 0 ? (
          <p>No draft picks are listed yet.</p>
        ) : (
          <DraftPicksTable picks={mlbDraftPicks} />
        )}
      </TitledSection>
      <TitledSection
        className="section section--tint"
        titleId="alumni-commits"
        title="College commitments"
      >
        <p>
          Some of our most recent commitments. Over the years, {ALL_TIME_COMMITS} of our players
          have committed to college programs.
        </p>
        <CommitsList commits={collegeCommits} pickNames={pickNames} />
      </TitledSection>
      <TitledSection className="section" titleId="alumni-next" title="The next generation">
        <p>
          Our competitive programs prepare high-school players for the next level, with coaching,
          showcases and help with college recruiting.
        </p>
        <p>
          <Link to={paths.program('dmv-prospects')} className="btn btn--primary">
            Explore DMV Prospects
          </Link>{' '}
          <Link to={paths.programs()} className="btn btn--outline">
            See all programs
          </Link>
        </p>
      </TitledSection>
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
