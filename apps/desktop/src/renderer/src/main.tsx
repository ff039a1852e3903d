import '@club/core/theme.css'
import './desktop.css'

import { createRoot } from 'react-dom/client'

import { createDesktopApp, FirstRun } from './desktop-app.tsx'
import { desktopBridge } from './desktop-bridge.ts'

/**
 * The renderer's entry: read the settings from main, then start either the first-run screen
 * or the app (which opens on /admin/home, or the login page when signed out).
 */
const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = createRoot(container)
const bridge = desktopBridge()
// A club's build names its project: the app starts at once (sign-in, when signed out).
const view = await bridge['settings:get']()
if (view.settings) {
  const DesktopApp = createDesktopApp(bridge, view)
  root.render(<DesktopApp />)
} else {
  root.render(<FirstRun bridge={bridge} defaults={view.defaults} />)
}
