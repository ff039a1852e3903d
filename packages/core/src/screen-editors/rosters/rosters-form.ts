import { useMemo } from 'react'

import { sameDocument } from '../../content/same-document.ts'
import { createEditSaver } from '../../editing/in-place/edit-saver.ts'
import type { EditChange, EditSaver } from '../../editing/in-place/edit-saver.ts'
import type { Photo, PhotoLibrary } from '../../entities/photo-library.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import { useDocumentForm } from '../shared/use-document-form.ts'
import type { DocumentForm } from '../shared/use-document-form.ts'
import { listOf } from './roster-editor.tsx'
import { PHOTO_ALT } from './staff-cards-editor.tsx'
import {
  checkStaff,
  checkTeams,
  cleanStaff,
  teamProblemCount,
  toTeamsForm,
  withoutCoaches,
} from './team-rules.ts'
import type { TeamsForm } from './team-rules.ts'

/*
 * The Rosters & staff screen's values, over the one values mechanism of the form screens
 * (useDocumentForm): the teams and staff documents edited together, the alt texts typed in the
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

/** The screen's values: teams, staff cards, and alt texts typed in the photo picker (by address). */
export type RostersForm = {
  teams: TeamsForm
  staff: StaffMember[]
  alts: Readonly<Record<string, string>>
}

const toRostersForm = (stored: Stored): RostersForm => ({
  teams: toTeamsForm(stored.teams),
  staff: [...stored.staff],
  alts: {},
})

/**
 * The library with the alt texts typed in the picker: a photo's alt is replaced, and its
 * "needs alt text" mark dropped, since a person has now written it.
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
      const { needsAltText: _guessed, ...confirmed } = photo
      return { ...confirmed, alt }
    }),
  }
}

/** What {@link useRostersForm} needs beside the stored documents. */
export type RostersFormOptions = {
  teams: Teams
  staff: readonly StaffMember[]
  photoLibrary: PhotoLibrary
  photoUrl: (photo: Photo) => string
  /** `base`: the stored documents the form started from, so a save merges with newer ones. */
  onSave(changes: RostersStaffChanges, base: Stored): Promise<unknown> | void
  /** Says something politely (a removed card also taken off a team's coaches). */
  announce(text: string): void
  /** A staff card was added through the list editor: its first field should get focus. */
  onStaffAdded(id: string): void
}

/**
 * The screen's values (see useDocumentForm) and the actions that change it: whole teams,
 * whole staff lists (a removed card is also taken off the teams it coached), and the saver the
 * editing surface writes through (the photo picker's alt text goes to the photo library).
 *
 * @example
 * const { form, actions } = useRostersForm({ teams, staff, photoLibrary, photoUrl, onSave,
 *   announce: setAnnouncement, onStaffAdded: (id) => focus(id) })
 */
export function useRostersForm(options: RostersFormOptions): {
  form: DocumentForm<Stored, RostersForm>
  actions: {
    setTeams(next: TeamsForm): void
    setStaff(next: StaffMember[]): void
    saver: EditSaver
  }
} {
  const { teams, staff, photoLibrary, photoUrl, onSave, announce, onStaffAdded } = options
  const stored = useMemo<Stored>(() => ({ teams, staff }), [teams, staff])
  const form = useDocumentForm<Stored, RostersForm>({
    id: 'rosters-staff',
    stored,
    toForm: toRostersForm,
    check: (values) => {
      const teamsResult = checkTeams(values.teams)
      const staffProblems = checkStaff(values.staff)
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
      return { ok: true, value: { teams: teamsResult.teams, staff: cleanStaff(values.staff) } }
    },
    save: (next, values, base) => {
      const changes: RostersStaffChanges = {
        ...(!sameDocument(values.teams, toTeamsForm(base.teams)) ? { teams: next.teams } : {}),
        ...(!sameDocument(values.staff, base.staff) ? { staff: [...next.staff] } : {}),
        ...(Object.keys(values.alts).length > 0
          ? { photoLibrary: withAlts(photoLibrary, values.alts, photoUrl) }
          : {}),
      }
      return Object.keys(changes).length > 0 ? onSave(changes, base) : undefined
    },
  })
  const { edit, current } = form
  const actions = useMemo(() => {
    const setTeams = (next: TeamsForm) => edit((d) => ({ ...d, teams: next }))
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
    // Made on first use: an edit, never a render, reads the form copies.
    let inner: EditSaver | undefined
    const innerSaver = () =>
      (inner ??= createEditSaver({
        get: (key) =>
          key === 'teams' ? current().teams : key === 'staff' ? current().staff : undefined,
        save: (key, document) => {
          if (key === 'teams') setTeams(document as TeamsForm)
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
