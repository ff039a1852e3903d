import { Fragment } from 'react'

import { EditableRegion, EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { useEditing } from '../../editing/editing-context.ts'
import { isGraduated, isPastClass } from '../../club/graduation.ts'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'
import type {
  ProgramPage as ProgramPageContent,
  TryoutTeam,
} from '../../entities/program-content.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import type { Teams } from '../../entities/team.ts'
import { uniqueId } from '../../entities/unique-id.ts'
import { paths } from '../../routing/public-paths.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { storedItem } from '../shared/stored-item.ts'
import { MarkedLink } from './external-mark.tsx'
import { RegisterAction } from './register-action.tsx'
import type { RegistrationState } from './registration.ts'
import './program-tryouts.css'

// What an editor adds in place to the tryouts panel: placeholders to type over.
const newTryoutTeam = (): TryoutTeam => ({
  id: uniqueId('tryout-team'),
  name: 'New team',
  dates: [],
})
const newTryoutDate = () => 'Day, date and time'

/**
 * A competitive program's tryouts (`#tryouts`): each team's dates, the fee note and the
 * register action, all editable in place. A graduated class's dates show to staff only.
 */
export function ProgramTryouts({
  slug,
  page,
  teams,
  registration,
  now,
}: {
  slug: ProgramSlug
  page: ProgramPageContent
  teams: Teams
  registration: RegistrationState
  now?: Date
}) {
  const { isEditing } = useEditing()
  const tryouts = page.tryouts
  if (!tryouts) return null
  // A graduated class holds no more tryouts: families do not see its dates. Staff still do,
  // marked, so the stored list keeps its order and the entry can be removed.
  const isPast = (team: { id: string; name: string }) => {
    if (!now) return false
    const stored = Object.hasOwn(teams, team.id) ? teams[team.id] : undefined
    return isPastClass(team.name, now) || (stored !== undefined && isGraduated(stored, now))
  }
  const tryoutTeams = isEditing ? tryouts.teams : tryouts.teams.filter((team) => !isPast(team))
  const stored = storedItem('programsContent', [slug, 'tryouts'], tryouts)
  return (
    <section id="tryouts" className="section section--tint" aria-labelledby="program-tryouts-title">
      <div className="container">
        <div className="program-tryouts">
          <EditableText as="h2" id="program-tryouts-title" {...stored.text('title')} />
          <EditableText as="p" {...stored.text('description')} />
          <EditableList
            className="program-tryouts__teams"
            role="list"
            {...stored.at('teams')}
            items={tryoutTeams}
            itemKey={(team) => team.id}
            itemProps={() => ({ className: 'program-tryouts__team' })}
            itemLabel={(team) => team.name}
            newItem={newTryoutTeam}
            empty={null}
            renderItem={(team, i) => (
              <>
                <h3>
                  {teams[team.id] ? (
                    <SmartLink to={paths.team(team.id)}>
                      <EditableText {...stored.at('teams', i, 'name')} value={team.name} />
                    </SmartLink>
                  ) : (
                    <EditableText {...stored.at('teams', i, 'name')} value={team.name} />
                  )}
                  {isEditing && isPast(team) && (
                    <span className="badge"> Graduated: families do not see it</span>
                  )}
                </h3>
                <EditableList
                  className="program-tryouts__dates"
                  {...stored.at('teams', i, 'dates')}
                  items={team.dates}
                  // Dates are plain strings with no id; their position is their identity.
                  itemKey={(date, j) => `${j}-${date}`}
                  itemLabel={(date) => `${team.name} tryout ${date}`}
                  newItem={newTryoutDate}
                  empty={<p className="program-tryouts__tba">Dates to be announced.</p>}
                  renderItem={(date, j) => (
                    <EditableText
                      // The list item is the date's element, as it is for visitors.
                      as={Fragment}
                      {...stored.at('teams', i, 'dates', j)}
                      value={date}
                    />
                  )}
                />
              </>
            )}
          />
          <EditableText as="p" className="program-tryouts__fee" {...stored.text('feeNote')} />
          <div className="program-tryouts__actions">
            <RegisterAction
              state={registration}
              programName={page.name}
              label="Register for tryouts"
            />
            {tryouts.buttonText && tryouts.buttonLink && !isPlaceholderLink(tryouts.buttonLink) && (
              <EditableRegion {...stored.at('buttonLink')}>
                <MarkedLink to={tryouts.buttonLink} className="btn btn--outline">
                  {tryouts.buttonText}
                </MarkedLink>
              </EditableRegion>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}
