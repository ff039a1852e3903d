import { useCallback, useEffect, useId, useState } from 'react'

import type { SignedInDevice } from '../auth/signed-in-devices.ts'
import { useAuth } from '../auth/auth-provider.tsx'
import { formatClubDateTime } from '../club/club-time.ts'

/**
 * What kind of device a session is, from the User-Agent the auth service kept: the desktop
 * app (Electron names itself), else a browser, by its name where it is plain.
 */
export function deviceKind(userAgent: string | null): string {
  if (!userAgent) return 'Device not known'
  if (/\bElectron\//.test(userAgent)) return 'Desktop app'
  const browser = /\bEdg\//.test(userAgent)
    ? 'Edge'
    : /\bFirefox\//.test(userAgent)
      ? 'Firefox'
      : /(Chrome|Chromium)\//.test(userAgent)
        ? 'Chrome'
        : /\bSafari\//.test(userAgent)
          ? 'Safari'
          : ''
  return browser ? `Browser (${browser})` : 'Browser or other app'
}

/**
 * "Signed-in devices" on Profile (issue 34 §4): this account's sessions, browser or desktop
 * app and when each was last seen; each other one can be signed out, or all of them at once.
 */
export function DevicesSection() {
  const { listDevices, signOutDevice, signOutOtherDevices } = useAuth()
  const id = useId()
  const [devices, setDevices] = useState<SignedInDevice[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const reload = useCallback(
    () =>
      listDevices().then(({ devices: found, error }) => {
        if (error) setProblem(`Your signed-in devices could not be read: ${error.message}`)
        setDevices(found)
      }),
    [listDevices],
  )
  useEffect(() => {
    void reload()
  }, [reload])

  const run = async (action: () => Promise<{ error: Error | null }>, success: string) => {
    setBusy(true)
    setDone(null)
    const { error } = await action()
    setProblem(error ? error.message : null)
    if (!error) setDone(success)
    await reload()
    setBusy(false)
  }

  const others = (devices ?? []).filter((device) => !device.current)
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Signed-in devices</h2>
      {devices === null && !problem && <p role="status">Reading your signed-in devices…</p>}
      {devices !== null && (
        <ul className="admin-list" aria-label="Signed-in devices">
          {devices.map((device) => {
            const name = `${deviceKind(device.userAgent)}${device.current ? ' (this one)' : ''}`
            return (
              <li key={device.id} aria-label={name}>
                {`${name}, last seen ${formatClubDateTime(device.lastSeenAt)}`}{' '}
                {!device.current && (
                  <button
                    type="button"
                    className="btn"
                    disabled={busy}
                    aria-label={`Sign out ${deviceKind(device.userAgent)}, last seen ${formatClubDateTime(device.lastSeenAt)}`}
                    onClick={() =>
                      void run(() => signOutDevice(device.id), 'That device is signed out.')
                    }
                  >
                    Sign out
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {problem && <p role="alert">{problem}</p>}
      {done && <p role="status">{done}</p>}
      {others.length > 0 && (
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() =>
            void run(signOutOtherDevices, 'Every other device is signed out. This one stays.')
          }
        >
          Sign out all other devices
        </button>
      )}
    </section>
  )
}
