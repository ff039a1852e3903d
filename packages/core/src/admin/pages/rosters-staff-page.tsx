import { useMemo } from 'react'

import { useContent, useSaveContents, useSaveState } from '../../content/content-provider.tsx'
import type { SaveEntry } from '../../content/store-types.ts'
import type { ContentDocuments } from '../../entities/content-keys.ts'
import type { Photo } from '../../entities/photo-library.ts'
import { RostersStaffEditor } from '../../editors/rosters/rosters-staff-editor.tsx'
import type { RostersStaffChanges } from '../../editors/rosters/rosters-staff-editor.tsx'
import { createPhotoStorage } from '../../photos/photo-storage.ts'
import { useHead } from '../../site/head.tsx'
import { useAdminDeps } from '../admin-deps.tsx'
import { adminHead } from '../admin-meta.ts'
import { acceptedOrThrow } from './save-outcome.ts'

/**
 * /admin/rosters-staff: the rosters & staff editor over the stored `teams` and `staff`
 * documents. One Save stores every changed document together (the photo library too, when alt
 * text was written in the photo picker), so one failure notice covers them all.
 */
export function RostersStaffPage() {
  useHead(adminHead('Rosters & staff', '/admin/rosters-staff'))
  const { client } = useAdminDeps()
  const teams = useContent('teams')
  const staff = useContent('staff')
  const photoLibrary = useContent('photoLibrary')
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

  const save = async (changes: RostersStaffChanges) => {
    const entries: SaveEntry<ContentDocuments>[] = []
    if (changes.teams) entries.push({ key: 'teams', document: changes.teams })
    if (changes.staff) entries.push({ key: 'staff', document: changes.staff })
    if (changes.photoLibrary) entries.push({ key: 'photoLibrary', document: changes.photoLibrary })
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
