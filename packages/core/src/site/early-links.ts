/**
 * Taps during start-up. Until the page's links are hydrated, a tap on a link to another
 * page is left to the browser, which follows it at once as a plain link; the app must
 * then neither see the click (React would replay it after hydration: a second navigation)
 * nor go on starting on a page that is being left. So a click listener in the page's head,
 * before any script, stops such a click from reaching the app and marks the page as being
 * left; the app's start checks the mark. Once the page is interactive (the attribute
 * below is set), the app handles every click itself.
 *
 * IMPORTANT: the web app's build (the `startAfterFirstPaint` plugin in apps/web/vite.config.ts)
 * inlines EARLY_LINKS_SCRIPT in every page's head, so it runs before any other script; an app
 * that renders these pages without it loses early taps again (tests/web/early-tap.spec.ts).
 */

/** Set on `<html>` once the page's links are hydrated and handled by the app. */
export const PAGE_INTERACTIVE_ATTRIBUTE = 'data-page-interactive'

/** The window property the script sets when the page is being left. */
export const LEAVING_PROPERTY = '__pageLeaving'

/** The inline script: plain ES5, no dependencies, a few hundred bytes. */
export const EARLY_LINKS_SCRIPT = `addEventListener('click',function(e){if(document.documentElement.hasAttribute('${PAGE_INTERACTIVE_ATTRIBUTE}')||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;var a=e.target&&e.target.closest&&e.target.closest('a[href]');if(!a||(a.target&&a.target!=='_self')||a.hasAttribute('download')||a.origin!==location.origin)return;e.stopPropagation();if(a.pathname!==location.pathname||a.search!==location.search)window.${LEAVING_PROPERTY}=true},true)`

/** Whether the page is being left by a plain-link navigation made during start-up. */
export function isPageBeingLeft(): boolean {
  return (
    typeof window !== 'undefined' &&
    (window as unknown as Record<string, unknown>)[LEAVING_PROPERTY] === true
  )
}
