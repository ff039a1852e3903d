import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'

import { sameDocument } from '../../content/same-document.ts'
import type { SaveState } from '../../content/store-types.ts'
import { saveStatusText } from '../../editing/in-place/edit-bar.tsx'
import { EditingSurface } from '../../editing/in-place/editing-provider.tsx'
import { ImageEditor } from '../../editing/in-place/image-editor.tsx'
import { ListEditor } from '../../editing/in-place/list-editor.tsx'
import type { EditorSlots } from '../../editing/editing-context.ts'
import type { PhotoLibrary } from '../../entities/photo-library.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import type { PhotoPlacing } from '../../photos/use-photo-placing.ts'
import { paths } from '../../routing/public-paths.ts'
import { EDIT_PREFIX } from '../../routing/admin-paths.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { LeaveGuard, RestoreBanner } from '../shared/form-guards.tsx'
import { ConfirmDialog } from '../../ui/editor-dialog.tsx'
import { FormControlsStyle } from '../shared/form-controls.tsx'
import { SaveBar } from '../shared/save-bar.tsx'
import { focusFirstProblem } from '../shared/use-focus-requests.ts'
import { uniqueId } from '../../entities/unique-id.ts'
import { MovePlayerDialog } from './move-player-dialog.tsx'
import type { MoveRequest } from './move-player-dialog.tsx'
import { movePlayer } from './roster-move.ts'
import { tidyText } from './roster-rules.ts'
import { StaffCardsEditor } from './staff-cards-editor.tsx'
import { AddTeamForm } from './add-team-form.tsx'
import { TeamItem } from './team-item.tsx'
import type { TeamLinks } from './team-item.tsx'
import { checkStaff, checkTeams, coachedTeams, newTeam, newTeamId } from './team-rules.ts'
import type { StaffErrors, TeamErrors, TeamsForm } from './team-rules.ts'

import editorCss from './rosters-staff-editor.css?inline'
import { useRostersForm, withAlts } from './rosters-form.ts'
import type { RostersStaffChanges } from './rosters-form.ts'

/** Props of {@link RostersStaffEditor}. */
export type RostersStaffEditorProps = {
  /** The stored `teams` document. A new one replaces the form unless the form has edits. */
  teams: Teams
  /** The stored `staff` document, likewise. */
  staff: readonly StaffMember[]
  /** The photo library the photo picker shows. */
  photoLibrary: PhotoLibrary
  /**
   * How a picked library photo is placed (usePhotoPlacing): `photoUrl`, the address it is shown
   * and stored with (bucket paths become public URLs; the photo's `src` by default), and
   * `publishPhoto`, which makes it loadable there before a card uses it (unused photos stay
   * private; awaited when a photo is picked).
   */
  placing?: Pick<PhotoPlacing, 'photoUrl'> & Partial<Pick<PhotoPlacing, 'publishPhoto'>>
  /**
   * Called with the changed documents, checked and cleaned, when Save is pressed, and `base`,
   * the stored documents the form started from (so the save merges three-way with newer
   * ones). A rejected promise keeps the values and says the save failed.
   */
  onSave(
    changes: RostersStaffChanges,
    base: { teams: Teams; staff: readonly StaffMember[] },
  ): Promise<unknown> | void
  /** The content store's save indicator (saving about 1.2 s, then the confirmation for 3 s). */
  saveState?: SaveState
  /** Where a team row links to; its public page and that page in edit mode by default. */
  linksFor?: (teamId: string) => TeamLinks
}

type FocusRequest =
  | { team: string; control: 'edit' | 'add-player' }
  | { staff: string }
  | { control: 'new-team' | 'first-error' }

// Fixed ids, so that the jump links are plain addresses (the screen has one editor).
const TEAMS_SECTION = 'rosters-teams'
const STAFF_SECTION = 'rosters-staff'

// Without a placing given, a photo is stored with its own address and published by no one.
const AS_STORED: Pick<PhotoPlacing, 'photoUrl'> = { photoUrl: (photo) => photo.src }

/** The default team links: the public page (paths.team) and the same page under /admin/edit. */
export function defaultTeamLinks(teamId: string): TeamLinks {
  const live = paths.team(teamId)
  return { live, edit: `${EDIT_PREFIX}${live}` }
}

// Only the list and photo editors: the cards' text is edited in labelled fields, not in place.
const EDITORS: EditorSlots = { List: ListEditor, Image: ImageEditor }

/**
 * The staff editor at /admin/rosters-staff (spec §2, §3): every team (add, edit, remove; its
 * name, program and coaches chosen from the staff cards; links to its public page and to that
 * page in edit mode), each roster by the spec's rules (number 1–99, positions, bats/throws;
 * numbers worn twice flagged) with a spreadsheet paste previewed before it applies, a player
 * moved to another team (every field kept; a shared number and a privacy change confirmed
 * first, see MovePlayerDialog), and the
 * staff cards (add, edit, remove, reorder by drag or keyboard; photo from the library with alt
 * text). Edits stay in values until Save, which checks everything and hands the changed
 * documents to `onSave`. Pure: data in, callbacks out.
 *
 * @example
 * <RostersStaffEditor teams={teams} staff={staff} photoLibrary={library}
 *   onSave={(changes) => saveChangedDocuments(changes)} saveState={saveState} />
 */
export function RostersStaffEditor({
  teams,
  staff,
  photoLibrary,
  placing: { photoUrl, publishPhoto } = AS_STORED,
  onSave,
  saveState,
  linksFor = defaultTeamLinks,
}: RostersStaffEditorProps) {
  const headingId = useId()
  const [announcement, setAnnouncement] = useState('')
  const focusNext = useRef<FocusRequest | null>(null)
  const { form, actions } = useRostersForm({
    teams,
    staff,
    photoLibrary,
    photoUrl,
    onSave,
    announce: setAnnouncement,
    onStaffAdded: (id) => {
      focusNext.current = { staff: id }
    },
  })
  const { values, checked, status } = form
  const { teams: teamsForm, staff: staffForm, alts } = values
  const baseTeams = form.base.teams
  const baseStaff = form.base.staff
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [removing, setRemoving] = useState<string | null>(null)
  const [moving, setMoving] = useState<MoveRequest | null>(null)
  const root = useRef<HTMLElement>(null)
  const afterRemove = useRef<FocusRequest | null>(null)

  const { current } = form

  useEffect(() => {
    const request = focusNext.current
    focusNext.current = null
    if (request) focusRequested(root.current, request)
  })

  const library = useMemo(
    () => withAlts(photoLibrary, alts, photoUrl),
    [photoLibrary, alts, photoUrl],
  )
  const altFor = useCallback(
    (imageUrl: string) =>
      alts[imageUrl] ?? library.photos.find((photo) => photoUrl(photo) === imageUrl)?.alt ?? '',
    [alts, library, photoUrl],
  )

  // Checked only once a save has found problems; the teams and cards that did not change keep
  // their props (each is memoized), so a keystroke renders the row it changed, not the screen.
  const { teamErrors, staffErrors } = useMemo(() => {
    if (!checked) return { teamErrors: NO_TEAM_ERRORS, staffErrors: NO_STAFF_ERRORS }
    const result = checkTeams(teamsForm)
    return {
      teamErrors: result.ok ? NO_TEAM_ERRORS : result.errors,
      staffErrors: checkStaff(staffForm),
    }
  }, [checked, teamsForm, staffForm])
  const coached = useSameValue(
    useMemo(() => coachedTeams(teamsForm), [teamsForm]),
    sameCoaches,
  )

  const { setTeams, setStaff } = actions
  const changeTeam = useCallback(
    (key: string, update: (team: TeamsForm[string]) => TeamsForm[string]) => {
      const teams = current().teams
      const team = teams[key]
      if (team) setTeams({ ...teams, [key]: update(team) })
    },
    [current, setTeams],
  )
  const changeStaff = useCallback(
    (member: StaffMember) =>
      setStaff(current().staff.map((m) => (m.id === member.id ? member : m))),
    [current, setStaff],
  )
  const toggle = useCallback((key: string) => {
    setExpanded((before) => {
      const next = new Set(before)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  }, [])

  const askMove = useCallback(
    (teamKey: string, playerId: string) => setMoving({ teamKey, playerId }),
    [],
  )
  const confirmMove = (request: MoveRequest, toKey: string) => {
    const teams = current().teams
    const from = teams[request.teamKey]
    const player = from?.roster.find((p) => p.id === request.playerId)
    setMoving(null)
    if (!from || !player || !teams[toKey]) return
    actions.setTeams(
      movePlayer(teams, request.teamKey, request.playerId, toKey, () => uniqueId('player')),
    )
    // Both rosters open, so the player can be seen where they went.
    setExpanded(new Set([...expanded, request.teamKey, toKey]))
    setAnnouncement(
      `Moved ${tidyText(player.name) || 'the player'} from ${tidyText(from.name)} to ${tidyText(teams[toKey]?.name ?? '')}. Save to publish both rosters; Discard changes undoes it.`,
    )
  }

  const addTeam = (name: string, programSlug: ProgramSlug) => {
    const taken = new Set([...Object.keys(current().teams), ...Object.keys(baseTeams)])
    const id = newTeamId(name, taken)
    actions.setTeams({ ...current().teams, [id]: newTeam({ id, name, programSlug }) })
    setExpanded(new Set(expanded).add(id))
    focusNext.current = { team: id, control: 'add-player' }
    setAnnouncement(`Added the team ${tidyText(name)}. Add its players and coaches, then save.`)
  }

  const confirmRemove = () => {
    if (removing === null) return
    const keys = Object.keys(teamsForm)
    const index = keys.indexOf(removing)
    const neighbour = keys[index + 1] ?? keys[index - 1]
    afterRemove.current = neighbour ? { team: neighbour, control: 'edit' } : { control: 'new-team' }
    const name = tidyText(teamsForm[removing]?.name ?? '') || 'the team'
    const next = { ...teamsForm }
    delete next[removing]
    actions.setTeams(next)
    setAnnouncement(`Removed ${name}. Discard changes brings it back.`)
    setRemoving(null)
  }

  const save = () => {
    const teamsResult = checkTeams(teamsForm)
    if (!teamsResult.ok) setExpanded(new Set([...expanded, ...Object.keys(teamsResult.errors)]))
    // Taken after the render that marks the problems, if there are any.
    focusNext.current = { control: 'first-error' }
    void form.save()
  }

  const discard = () => {
    form.discard()
    setAnnouncement('Changes discarded.')
  }

  // Made again only when the teams themselves change, not on every keystroke.
  const teamKeys = Object.keys(teamsForm).join('\n')
  const links = useMemo(
    () => new Map(teamKeys.split('\n').map((key) => [key, linksFor(key)])),
    [teamKeys, linksFor],
  )

  const storeText = saveState && saveState.status !== 'idle' ? saveStatusText(saveState) : undefined
  const describeStaff = useMemo(() => {
    const storedNames = new Map(baseStaff.map((member) => [member.id, tidyText(member.name)]))
    return (member: StaffMember, position: number) =>
      `of ${storedNames.get(member.id) || `new staff card ${position + 1}`}`
  }, [baseStaff])
  const removingName = removing === null ? '' : tidyText(teamsForm[removing]?.name ?? '')

  return (
    <section className="editor rosters-editor" aria-labelledby={headingId} ref={root}>
      <AdminStyle id="club-rosters-editor" css={editorCss} />
      <FormControlsStyle />
      <h2 id={headingId}>Rosters &amp; staff</h2>
      <p className="rosters-editor__intro">
        Teams, their coaches and rosters, and the staff cards. Changes show on the site once you
        save.
      </p>
      <nav className="rosters-editor__jump" aria-label="Rosters and staff sections">
        <a href={`#${TEAMS_SECTION}`}>Teams and rosters</a>
        <a href={`#${STAFF_SECTION}`}>Staff</a>
      </nav>
      <RestoreBanner form={form} what="the rosters and staff" />
      <EditingSurface
        saver={actions.saver}
        photoLibrary={library}
        photoUrl={photoUrl}
        publishPhoto={publishPhoto}
        editors={EDITORS}
      >
        <section
          className="rosters-editor__teams"
          id={TEAMS_SECTION}
          aria-labelledby={`${headingId}-teams-title`}
        >
          <h3 id={`${headingId}-teams-title`}>Teams and rosters</h3>
          {Object.keys(teamsForm).length === 0 ? (
            <p className="rosters-editor__meta">No teams yet.</p>
          ) : (
            <ul className="rosters-editor__team-list">
              {Object.entries(teamsForm).map(([key, team]) => (
                <TeamItem
                  key={key}
                  teamKey={key}
                  team={team}
                  isStored={Object.hasOwn(baseTeams, key)}
                  staff={staffForm}
                  errors={teamErrors[key]}
                  expanded={expanded.has(key)}
                  links={links.get(key) ?? linksFor(key)}
                  onToggle={toggle}
                  onChange={changeTeam}
                  onRemove={setRemoving}
                  onMovePlayer={Object.keys(teamsForm).length > 1 ? askMove : undefined}
                />
              ))}
            </ul>
          )}
          <AddTeamForm onAdd={addTeam} />
        </section>
        <div id={STAFF_SECTION}>
          <StaffCardsEditor
            staff={staffForm}
            errors={staffErrors}
            coached={coached}
            describe={describeStaff}
            altFor={altFor}
            onChange={changeStaff}
          />
        </div>
      </EditingSurface>
      <SaveBar
        saveLabel="Save changes"
        status={status}
        dirty={form.dirty}
        keptOnDevice={form.keptOnDevice}
        saveStatus={storeText}
        problems={form.problems}
        failure={
          status.kind === 'failed'
            ? `Could not save the changes. ${status.detail}`.trim()
            : undefined
        }
        onSave={save}
        onDiscard={discard}
      />
      <LeaveGuard form={form} what="the rosters and staff" />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <MovePlayerDialog
        request={moving}
        teams={teamsForm}
        onMove={confirmMove}
        onCancel={() => setMoving(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove “${removingName || 'Untitled team'}”?`}
        description="Its page and roster leave the site when you save. Until then, Discard changes brings it back."
        confirmLabel="Remove team"
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        onCloseAutoFocus={(event) => {
          const request = afterRemove.current
          afterRemove.current = null
          if (!request) return
          event.preventDefault()
          focusRequested(root.current, request)
        }}
      />
    </section>
  )
}

const NO_TEAM_ERRORS: Readonly<Record<string, TeamErrors>> = {}
const NO_STAFF_ERRORS: Readonly<Record<string, StaffErrors>> = {}

const sameCoaches = (a: ReadonlyMap<string, string[]>, b: ReadonlyMap<string, string[]>) =>
  sameDocument([...a], [...b])

/** `value`, or the earlier value while `equal` finds them the same (keeps memoized children's props). */
function useSameValue<T>(value: T, equal: (a: T, b: T) => boolean): T {
  const [kept, setKept] = useState(value)
  if (kept !== value && !equal(kept, value)) {
    setKept(value)
    return value
  }
  return kept
}

function focusRequested(root: HTMLElement | null, request: FocusRequest): void {
  if (!root) return
  if ('staff' in request) {
    const card = [...root.querySelectorAll<HTMLElement>('[data-staff-id]')].find(
      (element) => element.dataset.staffId === request.staff,
    )
    card?.querySelector<HTMLElement>('.staff-editor__fields input')?.focus()
    return
  }
  if ('team' in request) {
    const team = [...root.querySelectorAll<HTMLElement>('[data-team-id]')].find(
      (element) => element.dataset.teamId === request.team,
    )
    const selector = request.control === 'edit' ? '[data-control="edit"]' : '[data-control="add"]'
    team?.querySelector<HTMLElement>(selector)?.focus()
    return
  }
  if (request.control === 'first-error') {
    focusFirstProblem(root)
    return
  }
  root.querySelector<HTMLElement>('.rosters-editor__add-team input')?.focus()
}
