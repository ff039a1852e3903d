/**
 * The styles of the editors' presence strip. A string rendered by EditPresence, not a .css
 * import, for the reason given in editing-styles.ts: none of it may reach a visitor.
 * Avatar colours all carry white initials at a contrast of at least 4.5:1. The choice between
 * one's own changes and someone else's floats at the bottom of the window, so it is seen
 * wherever the page is scrolled to: bottom left beside the notices (bottom right), and on a
 * phone, where notices take the bottom's full width (and the keyboard may too), over the
 * top of the edit bar. The strip sits
 * above the site header's hidden skip link (z-index 100), which would otherwise show through.
 */
export const PRESENCE_STYLES = `
.presence { position: relative; z-index: 150; display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-4); padding: var(--space-2) var(--space-4); background: var(--color-cream); color: var(--color-ink); border-bottom: 1px solid var(--color-line); font: 0.875rem/1.3 var(--font-sans); }
.presence__who { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); margin: 0; }
.presence__list { display: flex; flex-wrap: wrap; gap: var(--space-2); margin: 0; padding: 0; list-style: none; }
.presence__editor { display: inline-flex; align-items: center; gap: var(--space-1); max-width: min(100%, 28rem); }
.presence__name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.presence__field { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
[data-edit-key][data-others-in] { outline: 2px dashed var(--color-navy); outline-offset: 2px; }
.presence__avatar { flex: none; display: inline-grid; place-items: center; width: 1.75rem; height: 1.75rem; border-radius: 50%; color: var(--color-white); font: 700 0.7rem/1 var(--font-sans); letter-spacing: 0.02em; }
.presence__avatar[data-tone='0'] { background: var(--color-navy); }
.presence__avatar[data-tone='1'] { background: var(--color-red-700); }
.presence__avatar[data-tone='2'] { background: var(--color-success); }
.presence__avatar[data-tone='3'] { background: var(--color-navy-700); }
.presence__avatar[data-tone='4'] { background: var(--color-muted); }
.presence__quiet { color: var(--color-muted); margin: 0; }
.presence__saves { display: grid; gap: var(--space-1); margin: 0; padding: 0; list-style: none; }
.presence__saves time { color: var(--color-muted); }
.presence-conflicts { position: fixed; z-index: 950; left: var(--space-4); bottom: var(--space-4); display: grid; gap: var(--space-2); width: min(30rem, calc(100vw - 2 * var(--space-4))); }
.presence-conflict { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); padding: var(--space-3); border: 2px solid var(--color-red-700); border-radius: var(--radius); background: var(--color-white); box-shadow: var(--shadow); }
.presence-conflict p { margin: 0; flex: 1 1 100%; }
@media (max-width: 30rem) { .presence { padding: var(--space-2); } .presence__editor { max-width: 100%; } .presence-conflicts { left: var(--space-2); top: var(--space-2); bottom: auto; width: calc(100vw - 2 * var(--space-2)); } }
`
