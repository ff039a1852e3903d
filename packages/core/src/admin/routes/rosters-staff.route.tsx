import { useMemo } from 'react'

import { useContent, useSaveContents, useSaveState } from '../../content/content-provider.tsx'
import type { SaveEntry } from '../../content/store-types.ts'
import type { ContentDocuments } from '../../entities/content-keys.ts'
import type { Photo } from '../../entities/photo-library.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import { RostersStaffEditor } from '../../screen-editors/rosters/rosters-staff-editor.tsx'
import type { RostersStaffChanges } from '../../screen-editors/rosters/rosters-staff-editor.tsx'
import { createPhotoRepository } from '../../photos/photo-repository.ts'
import type { LibraryPhoto } from '../../photos/photo-repository.ts'
import { createPhotoStorage } from '../../photos/photo-storage.ts'
import { usePickerLibrary } from '../../photos/use-picker-library.ts'
import { useHead } from '../../site/head.tsx'
import { useAdminDeps } from '../admin-deps.tsx'
import { adminHead } from '../admin-meta.ts'
import { acceptedOrThrow } from './save-outcome.ts'

/**
 * /admin/rosters-staff: the rosters & staff editor over the stored `teams` and `staff`
 * documents. One Save stores every changed document together, and the alt text written in the
 * photo picker on the photos' rows, so one failure notice covers them all.
 */
export function RostersStaffRoute() {
  useHead(adminHead('Rosters & staff', '/admin/rosters-staff'))
  const { client } = useAdminDeps()
  const teams = useContent('teams')
  const staff = useContent('staff')
  const photoLibrary = usePickerLibrary(client)
  const library = useMemo(() => createPhotoRepository(client), [client])
  const saveState = useSaveState()
  const saveMany = useSaveContents()
  const photos = useMemo(() => createPhotoStorage(client), [client])
  // A library photo is a bucket path, a site path or a web address; only the first needs the
  // bucket's public address.
  const photoUrl = useMemo(
    () => (photo: Photo) =>
      /^(?:\/|https?:)/.test(photo.src) ? photo.src : photos.publicUrl(photo.src),
    [photos],
  )

  const save = async (
    changes: RostersStaffChanges,
    base: { teams: Teams; staff: readonly StaffMember[] },
  ) => {
    // Each with the document the draft started from: edits to different players or staff
    // cards merge with a newer save instead of reverting it.
    const entries: SaveEntry<ContentDocuments>[] = []
    if (changes.teams) entries.push({ key: 'teams', document: changes.teams, base: base.teams })
    if (changes.staff) {
      entries.push({ key: 'staff', document: changes.staff, base: [...base.staff] })
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
        photoUrl={photoUrl}
        saveState={saveState}
        onSave={save}
      />
    </>
  )
}
