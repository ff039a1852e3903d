import { memo, useCallback, useId, useMemo, useState } from 'react'

import { EditableList } from '../../editing/editable-list.tsx'
import { sameDocument } from '../../content/same-document.ts'
import { PROGRAM_FACTS } from '../../club/club-facts.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { StaffMember } from '../../entities/staff.ts'
import {
  PRIVATE_ROSTER_BELOW_AGE,
  rosterPrivacyFor,
} from '../../pages/rosters-and-staff/roster-privacy.ts'
import { EditToggle, SelectField, SwitchField, TextField } from '../shared/form-controls.tsx'

const NAME_OPTIONS = [
  { value: 'full', label: 'Full name (Sam Rivera)' },
  { value: 'first-initial', label: 'First name and initial (Sam R.)' },
] as const
import { RosterEditor } from './roster-editor.tsx'
import { staffName } from './staff-names.ts'
import { sharedNumbers, tidyText } from './roster-rules.ts'
import { isProgram, teamProblemCount } from './team-rules.ts'
import type { PlayerForm } from './roster-rules.ts'
import type { TeamForm, TeamErrors } from './team-rules.ts'
import { Link } from '../../ui/link.tsx'

/** Where a team row links to: its public page, and the same page in edit mode. */
export type TeamLinks = { live: string; edit: string }

/** Props of {@link TeamItem}. */
export type TeamItemProps = {
  /** The team's key in the teams values, given back to the callbacks. */
  teamKey: string
  team: TeamForm
  /** True when the team is in the stored document (its pages exist). */
  isStored: boolean
  /** The staff cards coaches are chosen from (the editor's current staff). */
  staff: readonly StaffMember[]
  /** Problems to show; undefined until the first attempt to save. */
  errors: TeamErrors | undefined
  expanded: boolean
  links: TeamLinks
  onToggle(teamKey: string): void
  /** Changes the team: `update` receives the latest values of it (even within one event). */
  onChange(teamKey: string, update: (team: TeamForm) => TeamForm): void
  onRemove(teamKey: string): void
  /** Opens "Move to team…" for one of its players; none while there is no other team. */
  onMovePlayer?: ((teamKey: string, playerId: string) => void) | undefined
}

const PROGRAM_OPTIONS = PROGRAM_SLUGS.map((slug) => ({
  value: slug,
  label: PROGRAM_FACTS[slug].name,
}))

/**
 * One team of the rosters editor: its name, program, players and coaches at a glance, links to
 * its public page and to the page in edit mode, and, when open, its form: name, program,
 * coaches chosen from the staff cards (reordered and removed like any list), the roster and
 * the spreadsheet paste.
 *
 * @example
 * <TeamItem teamKey={key} team={team} isStored staff={staff} errors={undefined} expanded
 *   links={links} onToggle={toggle} onChange={change} onRemove={askToRemove} />
 *
 * Memoized: typing in one team renders that team only (the callbacks must be stable).
 */
export const TeamItem = memo(function TeamItem({
  teamKey,
  team,
  isStored,
  staff,
  errors,
  expanded,
  links,
  onToggle,
  onChange,
  onRemove,
  onMovePlayer,
}: TeamItemProps) {
  const id = useId()
  const name = tidyText(team.name) || 'Untitled team'
  const byId = useMemo(() => new Map(staff.map((member) => [member.id, member])), [staff])
  const coachNames = team.coaches.map((coach) => staffName(byId.get(coach), coach))
  const problems = teamProblemCount(errors)
  const shared = sharedNumbers(team.roster)
  const formId = `${id}-form`
  const set = (patch: Partial<TeamForm>) => onChange(teamKey, (latest) => ({ ...latest, ...patch }))
  const changeCoaches = useCallback(
    (coaches: string[]) => onChange(teamKey, (latest) => ({ ...latest, coaches })),
    [onChange, teamKey],
  )
  const changeRoster = useCallback(
    (next: PlayerForm[] | ((roster: PlayerForm[]) => PlayerForm[])) =>
      onChange(teamKey, (latest) => ({
        ...latest,
        roster: typeof next === 'function' ? next(latest.roster) : next,
      })),
    [onChange, teamKey],
  )
  const movePlayer = useCallback(
    (playerId: string) => onMovePlayer?.(teamKey, playerId),
    [onMovePlayer, teamKey],
  )
  const privacy = rosterPrivacyFor(team)

  return (
    <li className="rosters-editor__team" data-team-id={team.id}>
      <div className="rosters-editor__summary">
        <h4 className="rosters-editor__team-name">{name}</h4>
        <p className="rosters-editor__meta">
          {isProgram(team.programSlug) ? PROGRAM_FACTS[team.programSlug].name : team.programSlug}
          {' · '}
          {team.roster.length} {team.roster.length === 1 ? 'player' : 'players'}
          {' · '}
          {coachNames.length > 0 ? `Coaches: ${coachNames.join(', ')}` : 'No coaches yet'}
        </p>
        {shared.length > 0 && (
          <p className="rosters-editor__flag">
            Shared numbers: {shared.map(({ number }) => `#${number}`).join(', ')}
          </p>
        )}
        {problems > 0 && !expanded && (
          <p className="rosters-editor__needs-fixing">
            {problems === 1 ? '1 problem' : `${problems} problems`} to fix before saving.
          </p>
        )}
      </div>
      <div className="editor-actions rosters-editor__team-actions">
        <EditToggle
          name={name}
          expanded={expanded}
          formId={formId}
          onToggle={() => onToggle(teamKey)}
        />
        {isStored ? (
          <>
            <a href={links.live} target="_blank" rel="noopener noreferrer">
              View page <span className="visually-hidden">of {name} (opens in a new tab)</span>
            </a>
            <Link to={links.edit}>
              Edit on its page <span className="visually-hidden">({name})</span>
            </Link>
          </>
        ) : (
          <span className="rosters-editor__meta">Its page appears once saved.</span>
        )}
      </div>
      {expanded && (
        <div className="rosters-editor__team-form" id={formId}>
          <div className="rosters-editor__row">
            <TextField
              label="Team name"
              labelSuffix={`(${name})`}
              value={team.name}
              error={errors?.name}
              required
              onChange={(value) => set({ name: value })}
            />
            <SelectField
              label="Program"
              value={team.programSlug}
              options={PROGRAM_OPTIONS}
              onChange={(value) => (isProgram(value) ? set({ programSlug: value }) : undefined)}
            />
          </div>
          <p className="rosters-editor__address">
            Page address: <code>{links.live}</code>
          </p>
          <Coaches
            teamId={team.id}
            teamName={team.name}
            coaches={team.coaches}
            staff={staff}
            byId={byId}
            onChange={changeCoaches}
          />
          <section className="rosters-editor__roster" aria-labelledby={`${id}-roster`}>
            <h5 id={`${id}-roster`}>Roster</h5>
            <div className="rosters-editor__row">
              <SwitchField
                label="Show heights and weights on the public roster"
                hint={`Off by default for teams under ${PRIVATE_ROSTER_BELOW_AGE}U.`}
                checked={privacy.showHeightWeight}
                onCheckedChange={(showHeightWeight) =>
                  set({ rosterPrivacy: { ...team.rosterPrivacy, showHeightWeight } })
                }
              />
              <SelectField
                label="Players’ names on the public roster"
                value={privacy.names}
                options={NAME_OPTIONS}
                onChange={(value) =>
                  set({
                    rosterPrivacy: {
                      ...team.rosterPrivacy,
                      names: value === 'first-initial' ? 'first-initial' : 'full',
                    },
                  })
                }
              />
            </div>
            {errors?.roster && <p className="rosters-editor__needs-fixing">{errors.roster}</p>}
            <RosterEditor
              team={team}
              errors={errors?.players ?? {}}
              onChange={changeRoster}
              onMove={onMovePlayer ? movePlayer : undefined}
            />
          </section>
          <div className="editor-actions rosters-editor__remove">
            <button
              type="button"
              className="btn btn--danger btn--small"
              onClick={() => onRemove(teamKey)}
            >
              Remove team <span className="visually-hidden">{name}</span>
            </button>
          </div>
        </div>
      )}
    </li>
  )
}, sameTeamItemProps)

/** Props alike, with errors and links compared by value (they are made anew on each render). */
function sameTeamItemProps(before: TeamItemProps, after: TeamItemProps): boolean {
  return (
    before.teamKey === after.teamKey &&
    before.team === after.team &&
    before.isStored === after.isStored &&
    before.staff === after.staff &&
    before.expanded === after.expanded &&
    before.onToggle === after.onToggle &&
    before.onChange === after.onChange &&
    before.onRemove === after.onRemove &&
    before.onMovePlayer === after.onMovePlayer &&
    before.links.live === after.links.live &&
    before.links.edit === after.links.edit &&
    (before.errors === after.errors || sameDocument(before.errors, after.errors))
  )
}

// Memoized: its sortable list measures the page when it renders, which typing in the roster
// below must not cost.
const Coaches = memo(function Coaches({
  teamId,
  teamName: typedName,
  coaches,
  staff,
  byId,
  onChange,
}: {
  teamId: string
  teamName: string
  coaches: readonly string[]
  staff: readonly StaffMember[]
  byId: ReadonlyMap<string, StaffMember>
  onChange(coaches: string[]): void
}) {
  const id = useId()
  const available = staff.filter((member) => !coaches.includes(member.id))
  const [choice, setChoice] = useState('')
  const [status, setStatus] = useState('')
  const chosen = available.some((member) => member.id === choice) ? choice : ''
  const teamName = tidyText(typedName) || 'this team'

  const add = () => {
    const member = byId.get(chosen)
    if (!member) return
    onChange([...coaches, member.id])
    setChoice('')
    setStatus(`${staffName(member, member.id)} now coaches ${teamName}.`)
  }

  return (
    <section className="rosters-editor__coaches" aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`}>Coaches</h5>
      <p className="rosters-editor__hint">
        Coaches are staff cards; the team page shows them in this order. Edit a card under Staff.
      </p>
      {coaches.length === 0 ? (
        <p className="rosters-editor__meta">No coaches yet.</p>
      ) : (
        <EditableList
          className="rosters-editor__coach-list"
          role="list"
          contentKey="teams"
          path={[teamId, 'coaches']}
          items={coaches}
          itemKey={(coach) => coach}
          itemLabel={(coach) => staffName(byId.get(coach), coach)}
          itemProps={() => ({ className: 'rosters-editor__coach' })}
          renderItem={(coach) => {
            const member = byId.get(coach)
            return (
              <span className="rosters-editor__coach-name">
                <strong>{staffName(member, coach)}</strong>
                {member?.subtitle && (
                  <span className="rosters-editor__meta"> · {member.subtitle}</span>
                )}
              </span>
            )
          }}
        />
      )}
      {available.length > 0 && (
        <div className="rosters-editor__add-coach">
          <div className="editor-field">
            <label className="editor-field__label" htmlFor={`${id}-choice`}>
              Add a coach <span className="visually-hidden">to {teamName}</span>
            </label>
            <select
              id={`${id}-choice`}
              className="editor-field__control"
              value={chosen}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">Choose a staff member…</option>
              {available.map((member) => (
                <option key={member.id} value={member.id}>
                  {staffName(member, member.id)}
                  {member.subtitle ? ` (${member.subtitle})` : ''}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn--outline btn--small"
            disabled={chosen === ''}
            onClick={add}
          >
            Add coach
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </section>
  )
})
