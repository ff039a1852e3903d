import '@club/core/theme.css'
import { isPageBeingLeft } from '@club/core/early-links'

/**
 * The browser entry. index.html imports it only after the first frame (see
 * vite.config.ts), so the prerendered page has painted by now.
 *
 * Evaluating the app's code is the longest piece of main-thread work a page load has.
 * So it runs in two tasks, with a yield to the browser between: React DOM first, then
 * the router, the content layer and the pages' shell; a phone stays responsive to a tap
 * in between. Both are fetched at once (see vite.config.ts); only evaluation waits.
 */
const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// A tap during start-up may already be taking the visitor to another page, as a plain
// link (see @club/core/early-links): then starting the app here would only slow that down.
if (!isPageBeingLeft()) await import('react-dom/client')
await nextTask()
const { startApp } = isPageBeingLeft() ? { startApp: undefined } : await import('./browser-app.tsx')
await nextTask()
if (startApp && !isPageBeingLeft()) startApp(container)
