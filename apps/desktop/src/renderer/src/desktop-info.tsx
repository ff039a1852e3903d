import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'

import type { AppInfoView, DesktopBridge, SettingsView } from '../../shared/ipc-contract.ts'
import { shortcutList } from '../../shared/shortcuts.ts'

/** A bridge answer, once it arrives (null until then). */
function useAnswer<T>(ask: () => Promise<T>): T | null {
  const [answer, setAnswer] = useState<T | null>(null)
  useEffect(() => {
    let live = true
    void ask().then((value) => {
      if (live) setAnswer(value)
    })
    return () => {
      live = false
    }
    // `ask` is a bridge call; asked once per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return answer
}

function BackButton() {
  const navigate = useNavigate()
  return (
    <p>
      <button type="button" className="btn btn--outline" onClick={() => void navigate(-1)}>
        Back
      </button>
    </p>
  )
}

/**
 * The project the app works on, read-only: the one the build names (a club's installer), and
 * the one in use when the director has since moved to another.
 */
export function ProjectFacts({ view }: { view: SettingsView }) {
  const { built, settings } = view
  const moved = built && settings && settings.backendUrl !== built.backendUrl
  return (
    <dl className="desktop-facts" aria-label="Club project">
      {built ? (
        <>
          <dt>Club project (set when this app was built)</dt>
          <dd>{built.backendUrl}</dd>
          <dt>Club site</dt>
          <dd>{built.siteUrl}</dd>
        </>
      ) : (
        <>
          <dt>Club project</dt>
          <dd>{settings ? settings.backendUrl : 'Not set yet'}</dd>
          <dt>Club site</dt>
          <dd>{settings ? settings.siteUrl : 'Not set yet'}</dd>
        </>
      )}
      {moved ? (
        <>
          <dt>In use now (changed in Settings)</dt>
          <dd>{settings.backendUrl}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** Help → About (the app menu's About on macOS): the version and the club's project. */
export function AboutScreen({ bridge }: { bridge: DesktopBridge }) {
  const info = useAnswer<AppInfoView>(() => bridge['app:info']())
  const view = useAnswer<SettingsView>(() => bridge['settings:get']())
  return (
    <main id="main" className="container section desktop-screen">
      <h1>About {info?.name ?? 'the app'}</h1>
      {info ? (
        <p>
          Version {info.version} (Electron {info.electronVersion}, Chromium {info.chromeVersion})
        </p>
      ) : null}
      {view ? <ProjectFacts view={view} /> : null}
      {info?.contact ? (
        <p>Technical contact: {info.contact} (Help → Report a problem writes to them).</p>
      ) : null}
      <p>
        Includes open-source software, libheif and libvips under the GNU LGPL 3.0: Help →
        Third-party licences.
      </p>
      <BackButton />
    </main>
  )
}

/** Help → Keyboard shortcuts: the native menu's accelerators on this computer's platform. */
export function ShortcutsScreen({ bridge }: { bridge: DesktopBridge }) {
  const info = useAnswer<AppInfoView>(() => bridge['app:info']())
  return (
    <main id="main" className="container section desktop-screen">
      <h1>Keyboard shortcuts</h1>
      {info ? (
        <table className="desktop-shortcuts">
          <thead>
            <tr>
              <th scope="col">Action</th>
              <th scope="col">Keys</th>
            </tr>
          </thead>
          <tbody>
            {shortcutList(info.platform).map(({ action, keys }) => (
              <tr key={action}>
                <td>{action}</td>
                <td>
                  <kbd>{keys}</kbd>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <BackButton />
    </main>
  )
}
