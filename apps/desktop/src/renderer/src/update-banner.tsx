import { useEffect, useState } from 'react'

import type { DesktopBridge, UpdateStatusView } from '../../shared/ipc-contract.ts'

/**
 * The app's own update, while there is one: the download's progress, then "Restart to update"
 * (main installs it only then, or at the next quit). Nothing while updates are off or idle.
 */
export function UpdateBanner({ bridge }: { bridge: DesktopBridge }) {
  const [status, setStatus] = useState<UpdateStatusView>({ state: 'off' })
  useEffect(() => {
    let live = true
    const unsubscribe = bridge.on('update:status', setStatus)
    void bridge['update:get-status']().then((current) => {
      if (live) setStatus(current)
    })
    return () => {
      live = false
      unsubscribe()
    }
  }, [bridge])

  if (status.state === 'downloading') {
    const percent = Math.floor(status.percent)
    return (
      <section className="desktop-banner desktop-progress" aria-label="App update">
        <p>
          Downloading the update{status.version ? ` to ${status.version}` : ''}… {percent}%
        </p>
        <progress max={100} value={percent} aria-label="Update download" />
      </section>
    )
  }
  if (status.state === 'ready') {
    return (
      <section className="desktop-banner" aria-label="App update">
        <p>Version {status.version} of the app is ready.</p>
        <p className="desktop-actions">
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => void bridge['update:install']()}
          >
            Restart to update
          </button>
        </p>
      </section>
    )
  }
  return null
}
