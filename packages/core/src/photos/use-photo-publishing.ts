import { useEffect, useMemo } from 'react'

import { CONTENT_KEYS } from '../entities/content-key-list.ts'
import { createPhotoPublisher } from '../photo-library/photo-storage.ts'

/** Saves arriving closer together than this are followed by one sync. */
export const PUBLISH_AFTER_SAVE_MS = 1_500

/** What the hook reads of the content store: each key's stored version, and its changes. */
type VersionedStore = {
  version(key: (typeof CONTENT_KEYS)[number]): number
  subscribe(listener: () => void): () => void
}

/**
 * Keeps the public photo bucket in step with the stored pages while a staff session is open:
 * once when it starts (which also moves older public-only uploads into the private library)
 * and after every stored change of a document (a save here, or one arriving from another
 * editor), so a photo no page uses any more is taken down and one a page uses again (an undo,
 * a restored version) is put back. The database decides what "used" means
 * (`photo_publication_plan`). Failures wait for the next change or session.
 */
export function usePhotoPublishing(
  client: Parameters<typeof createPhotoPublisher>[0],
  store: VersionedStore,
  enabled: boolean,
): void {
  const publisher = useMemo(() => createPhotoPublisher(client), [client])
  useEffect(() => {
    if (!enabled) return
    let live = true
    let running = false
    let again = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const signature = () => CONTENT_KEYS.map((key) => store.version(key)).join(',')
    let seen = signature()
    const run = async () => {
      if (running) {
        again = true
        return
      }
      running = true
      try {
        await publisher.sync()
      } catch {
        // Offline, or no longer staff: the next change or session tries again.
      } finally {
        running = false
        if (again && live) {
          again = false
          void run()
        }
      }
    }
    void run()
    const stop = store.subscribe(() => {
      const now = signature()
      if (now === seen) return
      seen = now
      clearTimeout(timer)
      timer = setTimeout(() => {
        if (live) void run()
      }, PUBLISH_AFTER_SAVE_MS)
    })
    return () => {
      live = false
      clearTimeout(timer)
      stop()
    }
  }, [publisher, store, enabled])
}
