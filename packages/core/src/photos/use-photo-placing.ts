import { useMemo } from 'react'

import type { Photo, PhotoLibrary } from '../entities/photo-library.ts'
import { createPhotoPublisher, createPhotoStorage } from '../photo-library/photo-storage.ts'
import { photoAddress, photoCopyPaths } from '../photo-library/photo-rules.ts'
import { usePickerLibrary, usePickerServices } from './use-picker-library.ts'

/** How an editor places library photos on pages: see {@link usePhotoPlacing}. */
export type PhotoPlacing = {
  /**
   * The address a page stores for a photo. A library photo is a bucket path, a site path or a
   * web address; only the first needs the bucket's public address (with its copies' widths,
   * for the page's srcset).
   */
  photoUrl(photo: Photo): string
  /** Copies one photo's files (the photo and its resized copies) to the public bucket. */
  publishPhoto(photo: Photo): Promise<void>
  /** Copies these photos' files to the public bucket, one after another. */
  publishPhotos(photos: readonly Photo[]): Promise<void>
}

/**
 * The public addresses and the publishing of library photos over `client` (staff's session):
 * a photo a page names is published first, so visitors never meet its address before its file.
 * Stable for one client.
 *
 * @example
 * const { photoUrl, publishPhoto } = usePhotoPlacing(client)
 */
export function usePhotoPlacing(client: Parameters<typeof createPhotoStorage>[0]): PhotoPlacing {
  return useMemo(() => {
    const photos = createPhotoStorage(client)
    const publisher = createPhotoPublisher(client)
    return {
      photoUrl: (photo) => photoAddress(photo, photos.publicUrl),
      publishPhoto: (photo) => publisher.publish(photoCopyPaths(photo)),
      publishPhotos: (list) => publisher.publish(list.flatMap((photo) => photoCopyPaths(photo))),
    }
  }, [client])
}

/** What an editing surface's image picker is given: see {@link usePickerOptions}. */
export type PickerOptions = Omit<PhotoPlacing, 'publishPhotos'> &
  ReturnType<typeof usePickerServices> & { photoLibrary: PhotoLibrary }

/**
 * Everything an editing surface's image picker takes over the photo library of `client`: its
 * newest photos, the search and the upload ({@link usePickerLibrary}, {@link usePickerServices}),
 * and the photos' public addresses and publishing ({@link usePhotoPlacing}).
 *
 * @example
 * const pickerOptions = usePickerOptions(client)
 * <EditingSurface saver={saver} {...pickerOptions}>…</EditingSurface>
 */
export function usePickerOptions(client: Parameters<typeof createPhotoStorage>[0]): PickerOptions {
  const photoLibrary = usePickerLibrary(client)
  const { findPhotos, onUpload } = usePickerServices(client)
  const { photoUrl, publishPhoto } = usePhotoPlacing(client)
  return { photoLibrary, findPhotos, onUpload, photoUrl, publishPhoto }
}
