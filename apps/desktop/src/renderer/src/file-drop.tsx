import { useEffect } from 'react'
import { useNavigate } from 'react-router'

import type { DesktopBridge } from '../../shared/ipc-contract.ts'

/** True when a drag carries files or folders from the desktop (not text or a link). */
const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false

/**
 * Folders and photos dropped anywhere on the window start upload jobs: the files go to main's
 * registry (the preload turns them into paths), and the upload screen opens on them. Anything
 * else dropped is refused, so the window never navigates to a dropped file.
 */
export function FileDrop({ bridge }: { bridge: DesktopBridge }) {
  const navigate = useNavigate()
  useEffect(() => {
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      const files = Array.from(event.dataTransfer?.files ?? [])
      if (files.length === 0) return
      void bridge['upload:drop'](files).then((jobs) => {
        if (jobs.length > 0) void navigate('/desktop/upload')
      })
    }
    window.addEventListener('dragover', over)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragover', over)
      window.removeEventListener('drop', drop)
    }
  }, [bridge, navigate])
  return null
}
