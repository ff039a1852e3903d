import { useEffect, useState } from 'react'

import type { CredentialStatus, DesktopBridge } from '../../shared/ipc-contract.ts'

/** Where the session is kept, as main reports it once the screen opens. */
function useCredentialStatus(bridge: DesktopBridge) {
  const [status, setStatus] = useState<CredentialStatus | null>(null)
  useEffect(() => {
    let live = true
    void bridge['credentials:status']().then((next) => {
      if (live) setStatus(next)
    })
    return () => {
      live = false
    }
  }, [bridge])
  return [status, setStatus] as const
}

/**
 * On Linux without a keyring (`basic_text`), the session is not written to disk until the
 * director agrees: this asks, once, and says what each answer means.
 */
export function KeystoreNotice({ bridge }: { bridge: DesktopBridge }) {
  const [status, setStatus] = useCredentialStatus(bridge)
  if (!status?.needsConsent) return null
  const answer = async (allow: boolean) =>
    setStatus(await bridge['credentials:allow-weak-keystore'](allow))
  return (
    <section className="desktop-warning" role="alert" aria-label="Session not saved">
      <p>
        This computer has no keyring, so your session could only be saved with weak encryption. It
        is kept until you quit; remember it anyway?
      </p>
      <p className="desktop-actions">
        <button type="button" className="btn btn--outline" onClick={() => void answer(true)}>
          Remember me anyway
        </button>
        <button type="button" className="btn btn--outline" onClick={() => void answer(false)}>
          Sign me in each time
        </button>
      </p>
    </section>
  )
}

/**
 * Shown on every screen while the session cannot be written to disk (no OS keystore, or the
 * director chose to sign in each time): signing in lasts until the app quits.
 */
export function SessionInMemoryNotice({ bridge }: { bridge: DesktopBridge }) {
  const [status] = useCredentialStatus(bridge)
  if (!status || status.persisting || status.needsConsent) return null
  return (
    <p className="desktop-banner desktop-warning" role="status">
      Your session is kept in memory only: this computer offers no keystore to save it safely
      {status.keystore ? ` (${status.keystore})` : ''}, so you sign in again each time you start the
      app.
    </p>
  )
}
