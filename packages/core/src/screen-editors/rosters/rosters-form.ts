import { useMemo } from 'react'

import { sameDocument } from '../../content/same-document.ts'
import { createEditSaver } from '../../editing/in-place/edit-saver.ts'
import type { EditChange, EditSaver } from '../../editing/in-place/edit-saver.ts'
import type { Photo, PhotoLibrary } from '../../entities/photo-library.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import { useDocumentDraft } from '../shared/use-document-draft.ts'
import type { DocumentDraft } from '../shared/use-document-draft.ts'
import { listOf } from './roster-editor.tsx'
import { PHOTO_ALT } from './staff-cards-editor.tsx'
import {
  checkStaff,
  checkTeams,
  cleanStaff,
  teamProblemCount,
  toTeamsDraft,
  withoutCoaches,
} from './team-rules.ts'
import type { TeamsDraft } from './team-rules.ts'

/*
 * The Rosters & staff screen's draft, over the one draft mechanism of the form screens
 * (useDocumentDraft): the teams and staff documents edited together, the alt texts typed in the
 * photo picker, and the saver the editing surface (lists, photo picker) writes through.
 */

/** The documents a save changes; a document left out is unchanged. */
export type RostersStaffChanges = {
  teams?: Teams
  staff?: StaffMember[]
  /** The photo library with the alt text typed in the photo picker. */
  photoLibrary?: PhotoLibrary
}

/** The stored documents the screen edits. */
export type Stored = { teams: Teams; staff: readonly StaffMember[] }

/** The screen's draft: teams, staff cards, and alt texts typed in the photo picker (by address). */
export type Drafts = {
  teams: TeamsDraft
  staff: StaffMember[]
  alts: Readonly<Record<string, string>>
}

const toDrafts = (stored: Stored): Drafts => ({
  teams: toTeamsDraft(stored.teams),
  staff: [...stored.staff],
  alts: {},
})

/**
 * The library with the alt texts typed in the picker: a photo's alt is replaced, and its
 * "drafted" mark dropped, since a person has now written it.
 */
export function withAlts(
  library: PhotoLibrary,
  alts: Readonly<Record<string, string>>,
  photoUrl: (photo: Photo) => string,
): PhotoLibrary {
  if (Object.keys(alts).length === 0) return library
  return {
    ...library,
    photos: library.photos.map((photo) => {
      const alt = alts[photoUrl(photo)]
      if (alt === undefined || (alt === photo.alt && !photo.needsAltText)) return photo
      const { needsAltText: _drafted, ...confirmed } = photo
      return { ...confirmed, alt }
    }),
  }
}

/** What {@link useRostersDraft} needs beside the stored documents. */
export type RostersDraftOptions = {
  teams: Teams
  staff: readonly StaffMember[]
  photoLibrary: PhotoLibrary
  photoUrl: (photo: Photo) => string
  /** `base`: the stored documents the draft started from, so a save merges with newer ones. */
  onSave(changes: RostersStaffChanges, base: Stored): Promise<unknown> | void
  /** Says something politely (a removed card also taken off a team's coaches). */
  announce(text: string): void
  /** A staff card was added through the list editor: its first field should get focus. */
  onStaffAdded(id: string): void
}

/**
 * The screen's draft (see useDocumentDraft) and the actions that change it: whole teams,
 * whole staff lists (a removed card is also taken off the teams it coached), and the saver the
 * editing surface writes through (the photo picker's alt text goes to the photo library).
 *
 * @example
 * const { form, actions } = useRostersDraft({ teams, staff, photoLibrary, photoUrl, onSave,
 *   announce: setAnnouncement, onStaffAdded: (id) => focus(id) })
 */
export function useRostersDraft(options: RostersDraftOptions): {
  form: DocumentDraft<Stored, Drafts>
  actions: {
    setTeams(next: TeamsDraft): void
    setStaff(next: StaffMember[]): void
    saver: EditSaver
  }
} {
  const { teams, staff, photoLibrary, photoUrl, onSave, announce, onStaffAdded } = options
  const stored = useMemo<Stored>(() => ({ teams, staff }), [teams, staff])
  const form = useDocumentDraft<Stored, Drafts>({
    id: 'rosters-staff',
    stored,
    toDraft: toDrafts,
    check: (draft) => {
      const teamsResult = checkTeams(draft.teams)
      const staffProblems = checkStaff(draft.staff)
      if (!teamsResult.ok || Object.keys(staffProblems).length > 0) {
        const invalidTeams = teamsResult.ok ? {} : teamsResult.errors
        return {
          ok: false,
          problems:
            Object.values(invalidTeams).reduce((sum, errors) => sum + teamProblemCount(errors), 0) +
            Object.values(staffProblems).reduce(
              (sum, errors) => sum + Object.keys(errors).length,
              0,
            ),
        }
      }
      return { ok: true, value: { teams: teamsResult.teams, staff: cleanStaff(draft.staff) } }
    },
    save: (next, draft, base) => {
      const changes: RostersStaffChanges = {
        ...(!sameDocument(draft.teams, toTeamsDraft(base.teams)) ? { teams: next.teams } : {}),
        ...(!sameDocument(draft.staff, base.staff) ? { staff: [...next.staff] } : {}),
        ...(Object.keys(draft.alts).length > 0
          ? { photoLibrary: withAlts(photoLibrary, draft.alts, photoUrl) }
          : {}),
      }
      return Object.keys(changes).length > 0 ? onSave(changes, base) : undefined
    },
  })
  const { edit, current } = form
  const actions = useMemo(() => {
    const setTeams = (next: TeamsDraft) => edit((d) => ({ ...d, teams: next }))
    const setStaff = (next: StaffMember[]) => {
      const before = current().staff
      const removed = new Set(
        before.filter((member) => !next.some((m) => m.id === member.id)).map((m) => m.id),
      )
      if (removed.size > 0) {
        const result = withoutCoaches(current().teams, removed)
        if (result.changed.length > 0) {
          setTeams(result.teams)
          announce(`Also taken off the coaches of ${listOf(result.changed)}.`)
        }
      }
      const added = next.filter((member) => !before.some((m) => m.id === member.id))
      if (added.length === 1 && added[0]) onStaffAdded(added[0].id)
      edit((d) => ({ ...d, staff: next }))
    }
    const rememberAlt = (imageUrl: string, alt: string) =>
      edit((d) => ({ ...d, alts: { ...d.alts, [imageUrl]: alt } }))
    // Made on first use: an edit, never a render, reads the drafts.
    let inner: EditSaver | undefined
    const innerSaver = () =>
      (inner ??= createEditSaver({
        get: (key) =>
          key === 'teams' ? current().teams : key === 'staff' ? current().staff : undefined,
        save: (key, document) => {
          if (key === 'teams') setTeams(document as TeamsDraft)
          else if (key === 'staff') setStaff(document as StaffMember[])
          return Promise.resolve()
        },
      }))
    // The photo picker writes a photo and its alt text together; the alt goes to the library.
    const applyEdits = (changes: readonly EditChange[]) => {
      const isAlt = (change: EditChange) => change.target.path.at(-1) === PHOTO_ALT
      const rest = changes.filter((change) => !isAlt(change))
      for (const alt of changes.filter(isAlt)) {
        const photo = rest.find(
          (change) =>
            change.target.contentKey === alt.target.contentKey &&
            change.target.path[0] === alt.target.path[0],
        )
        if (typeof photo?.value === 'string' && typeof alt.value === 'string') {
          rememberAlt(photo.value, alt.value)
        }
      }
      innerSaver().applyEdits(rest)
    }
    const saver: EditSaver = {
      read: (contentKey, path) => innerSaver().read(contentKey, path),
      applyEdits,
      onEdit: (target, value) => applyEdits([{ target, value }]),
    }
    return { setTeams, setStaff, saver }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the callbacks are read at edit time
  }, [edit, current])
  return { form, actions }
}
