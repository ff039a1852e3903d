import { useMemo } from 'react'

import { useContent, useSaveContents, useSaveState } from '../../content/content-provider.tsx'
import type { SaveEntry } from '../../content/store-types.ts'
import type { ContentDocuments } from '../../entities/content-keys.ts'
import type { Photo } from '../../entities/photo-library.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import { RostersStaffEditor } from '../../screen-editors/rosters/rosters-staff-editor.tsx'
import type { RostersStaffChanges } from '../../screen-editors/rosters/rosters-form.ts'
import { createPhotoRepository } from '../../photo-library/photo-repository.ts'
import type { LibraryPhoto } from '../../photo-library/photo-rows.ts'
import { usePhotoPlacing } from '../../photos/use-photo-placing.ts'
import { usePickerLibrary } from '../../photos/use-picker-library.ts'
import { useHead } from '../../site/head.tsx'
import { useAdminDeps } from '../../auth/admin-deps.tsx'
import { adminHead } from '../admin-meta.ts'
import { acceptedOrThrow } from './save-outcome.ts'
import { screenAddress } from '../../routing/admin-screens.ts'

const isBucketPath = (src: string) => !/^(?:\/|https?:)/.test(src)

/**
 * /admin/rosters-staff: the rosters & staff editor over the stored `teams` and `staff`
 * documents. One Save stores every changed document together, and the alt text written in the
 * photo picker on the photos' rows, so one failure notice covers them all. A library photo a
 * card uses is published (copied to the public bucket) when picked and again before the save
 * that places it, so visitors never meet its address before its file.
 */
export function RostersStaffRoute() {
  useHead(adminHead('Rosters & staff', screenAddress('RostersStaffRoute')))
  const { client } = useAdminDeps()
  const teams = useContent('teams')
  const staff = useContent('staff')
  const photoLibrary = usePickerLibrary(client)
  const library = useMemo(() => createPhotoRepository(client), [client])
  const saveState = useSaveState()
  const saveMany = useSaveContents()
  const placing = usePhotoPlacing(client)

  const save = async (
    changes: RostersStaffChanges,
    base: { teams: Teams; staff: readonly StaffMember[] },
  ) => {
    // Each with the document the form started from: edits to different players or staff
    // cards merge with a newer save instead of reverting it.
    const entries: SaveEntry<ContentDocuments>[] = []
    if (changes.teams) entries.push({ key: 'teams', document: changes.teams, base: base.teams })
    if (changes.staff) {
      entries.push({ key: 'staff', document: changes.staff, base: [...base.staff] })
    }
    // Library photos the save places (named in the changed documents, not in the stored ones):
    // published first. Picking published them already, but the session's publisher may have
    // taken one down since (no stored page used it yet).
    const placed = JSON.stringify([changes.teams ?? null, changes.staff ?? null])
    const stored = JSON.stringify([base.teams, base.staff])
    const named = (text: string, photo: Photo) =>
      text.includes(JSON.stringify(placing.photoUrl(photo)))
    const newlyPlaced = photoLibrary.photos.filter(
      (photo) => isBucketPath(photo.src) && named(placed, photo) && !named(stored, photo),
    )
    try {
      await placing.publishPhotos(newlyPlaced)
    } catch (error) {
      throw new Error(
        `The chosen photo could not be made public, so nothing was saved: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      )
    }
    // Alt text written in the photo picker goes to the photos' rows (each names its version).
    const altChanges = (changes.photoLibrary?.photos ?? []).flatMap((photo) => {
      const before = photoLibrary.photos.find((item) => item.id === photo.id) as
        LibraryPhoto | undefined
      return before && (before.alt !== photo.alt || before.needsAltText !== photo.needsAltText)
        ? [{ photo: before, alt: photo.alt }]
        : []
    })
    await Promise.all(
      altChanges.map(({ photo, alt }) =>
        library.update(photo.id, photo.version, { alt, needsAltText: false }),
      ),
    )
    const outcomes = await saveMany(entries)
    await Promise.all(outcomes.map((outcome) => acceptedOrThrow(Promise.resolve(outcome))))
  }

  return (
    <>
      {/* The editor's own visible heading names the screen; the page still needs its h1. */}
      <h1 className="visually-hidden">Rosters &amp; staff</h1>
      <RostersStaffEditor
        teams={teams}
        staff={staff}
        photoLibrary={photoLibrary}
        placing={placing}
        saveState={saveState}
        onSave={save}
      />
    </>
  )
}
