import { useCallback, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import { PrepareMoveContext } from '../ui/link.tsx'
import type { PrepareMove } from '../ui/link.tsx'
import { preparePage } from './site-routes.tsx'
import { useOptionalContentStore } from '../content/content-provider.tsx'
import { pageDocumentsWait } from './route-documents.tsx'
import './offline-moves.css'

/**
 * How long a link waits for the next page's code before it moves anyway and the loading screen
 * shows. Not offline: there the move waits for the load's answer, and a failure keeps the
 * visitor where they are.
 */
export const MOVE_GRACE_MS = 150

/** What the offline notice says (issue 30): plain words, never a file name. */
export const OFFLINE_MOVE_MESSAGE = 'You’re offline, so that page can’t open yet.'

/** Whether the browser says it has no connection (`navigator.onLine`, false only when sure). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

type Failed = { retry(): void }

/** The page's code and its documents: `'ready'` when both are here, else what is on its way. */
function withDocuments(
  code: 'ready' | Promise<unknown>,
  documents: Promise<void> | null | undefined,
): 'ready' | Promise<unknown> {
  if (!documents) return code
  return code === 'ready' ? documents : Promise.all([code, documents])
}

/**
 * Prepares the moves of the links inside it (see PrepareMove): a page whose code is here opens at
 * once; another opens once its code has loaded (or after {@link MOVE_GRACE_MS}, with the loading
 * screen). When the code cannot load, offline, the visitor stays on the page they are reading and
 * a notice says why, with Try again; online (a new version of the site replaced the old code,
 * a server error), it moves, and the page's error boundary offers a reload.
 *
 * `basePath` is where the site is mounted (`/admin/edit` in the editing view).
 */
export function OfflineMoves({ basePath, children }: { basePath: string; children: ReactNode }) {
  const [failed, setFailed] = useState<Failed | null>(null)
  const store = useOptionalContentStore()
  /** The latest move: an earlier one still loading is dropped when another starts. */
  const latest = useRef(0)

  const prepare = useCallback<PrepareMove>(
    function prepareMove(path, move, again = false) {
      const id = ++latest.current
      setFailed(null)
      const publicPath =
        basePath && path.startsWith(basePath) ? path.slice(basePath.length) || '/' : path
      const ready = withDocuments(
        preparePage(publicPath),
        store && pageDocumentsWait(store, publicPath),
      )
      if (ready === 'ready') {
        move()
        return
      }
      let moved = false
      // Offline, the move waits for the load's answer however long it takes (a saved copy of the
      // code, or the failure that keeps the visitor here): a busy phone must not move first.
      const timer = isOffline()
        ? undefined
        : window.setTimeout(() => {
            if (id !== latest.current) return
            moved = true
            move()
          }, MOVE_GRACE_MS)
      ready.then(
        () => {
          window.clearTimeout(timer)
          if (!moved && id === latest.current) move()
        },
        () => {
          window.clearTimeout(timer)
          // Once moved, the page's error boundary says it (see RouteErrorBoundary).
          if (moved || id !== latest.current) return
          if (isOffline()) setFailed({ retry: () => prepareMove(path, move, true) })
          // Try again failed though the device says it is back online: its connection is not
          // quite back, or the browser keeps the failed load (Safari, Firefox). A full load of the
          // page starts its code afresh, and the service worker shows the saved copy meanwhile.
          else if (again) window.location.assign(path)
          // Online, the code is missing or broken (a new version of the site, a server error):
          // the page's error boundary offers a reload there.
          else move()
        },
      )
    },
    [basePath, store],
  )

  return (
    <PrepareMoveContext.Provider value={prepare}>
      {children}
      {failed && <OfflineMoveNotice retry={failed.retry} close={() => setFailed(null)} />}
    </PrepareMoveContext.Provider>
  )
}

/** The notice of a page that could not open offline, over the page the visitor stays on. */
function OfflineMoveNotice({ retry, close }: { retry(): void; close(): void }) {
  // An alert: read when it appears (a failed Try again shows it anew).
  return (
    <div className="offline-move" role="alert">
      <p className="offline-move__text">{OFFLINE_MOVE_MESSAGE}</p>
      <div className="offline-move__actions">
        <button type="button" className="btn btn--primary" onClick={retry}>
          Try again
        </button>
        <button type="button" className="btn btn--outline" onClick={close}>
          Close
        </button>
      </div>
    </div>
  )
}
