/**
 * The editing UI's styles. A string rendered by EditingSurface, not a .css import: the web
 * app bundles every imported stylesheet into the one file all public pages load, and none of
 * this may reach a visitor. Colours and spacing come from the theme's tokens.
 */
export const EDITING_STYLES = `
.edit-text { outline: 1px dashed color-mix(in srgb, currentColor 45%, transparent); outline-offset: 2px; cursor: text; min-width: 1ch; display: inline-block; }
.edit-text:hover { outline-style: solid; }
.edit-text:focus { outline: 3px solid var(--color-focus); outline-offset: 2px; }
.edit-image { cursor: pointer; outline: 1px dashed var(--color-muted); outline-offset: 2px; }
.edit-image:focus-visible, .edit-image:hover { outline: 3px solid var(--color-focus); }
.edit-chip { font: 600 0.75rem/1.2 var(--font-sans); padding: 0.25rem 0.5rem; min-height: 1.75rem; min-width: 1.75rem; border: 1px solid var(--color-navy); border-radius: var(--radius); background: var(--color-white); color: var(--color-navy); cursor: pointer; margin: 0.125rem; }
.edit-sample { display: inline-block; font: 700 0.75rem/1.2 var(--font-sans); padding: 0.2rem 0.45rem; margin: 0.125rem; border-radius: var(--radius); background: var(--color-warning-bg); color: var(--color-ink); border: 1px dashed var(--color-ink); }
.edit-chip:hover:not(:disabled) { background: var(--color-cream); }
.edit-chip:disabled { opacity: 0.5; cursor: default; }
.edit-chip:focus-visible { outline: 3px solid var(--color-focus); outline-offset: 1px; }
.edit-chip--danger { border-color: var(--color-red-700); color: var(--color-red-700); }
.edit-link { display: inline-flex; align-items: center; gap: var(--space-1); flex-wrap: wrap; }
.edit-list__controls { display: flex; flex-wrap: wrap; gap: 0.125rem; margin-bottom: var(--space-1); position: relative; z-index: 1; }
.edit-list__handle { cursor: grab; touch-action: none; }
.edit-list__footer { margin-top: var(--space-2); }
.edit-html { border: 2px solid var(--color-focus); border-radius: var(--radius); background: var(--color-white); color: var(--color-ink); padding: var(--space-2); }
.edit-html__toolbar { display: flex; flex-wrap: wrap; gap: var(--space-1); margin-bottom: var(--space-2); align-items: center; }
.edit-html__toolbar > button { min-height: 2rem; min-width: 2rem; border: 1px solid var(--color-line); background: var(--color-white); border-radius: var(--radius); cursor: pointer; }
.edit-html__toolbar > button[aria-pressed='true'] { background: var(--color-navy); color: var(--color-white); }
.edit-html__content .ProseMirror { min-height: 3rem; padding: var(--space-2); border: 1px solid var(--color-line); border-radius: var(--radius); }
.edit-html__content .ProseMirror:focus { outline: 3px solid var(--color-focus); }
.edit-html-list { border-radius: var(--radius); }
.edit-html-list .edit-html__toolbar { margin-bottom: var(--space-1); }
.edit-html-list__content { min-height: 2.5rem; padding: var(--space-1) var(--space-2); border: 1px dashed var(--color-line); border-radius: var(--radius); background: var(--color-white); color: var(--color-ink); }
.edit-html-list__content ul { margin: 0; padding-left: var(--space-6); list-style: disc; }
.edit-html-list__content:focus { outline: 3px solid var(--color-focus); border-style: solid; }
.edit-html-list__content li > p { margin: 0; }
.edit-html__link { display: flex; flex-wrap: wrap; gap: var(--space-1); align-items: center; flex-basis: 100%; }
.edit-actions { display: flex; flex-wrap: wrap; gap: var(--space-2); margin-top: var(--space-3); }
.edit-problem { color: var(--color-red-700); font-weight: 600; margin: var(--space-1) 0; }
.edit-dialog__overlay { position: fixed; inset: 0; background: rgb(0 0 0 / 0.45); z-index: 1000; }
.edit-dialog { position: fixed; z-index: 1001; top: 50%; left: 50%; transform: translate(-50%, -50%); box-sizing: border-box; width: min(32rem, calc(100vw - 1rem)); max-height: calc(100vh - 2rem); overflow: auto; background: var(--color-white); color: var(--color-ink); border-radius: var(--radius-lg); box-shadow: var(--shadow); padding: var(--space-6); }
.edit-dialog--wide { width: min(56rem, calc(100vw - 1rem)); }
@media (max-width: 639px) { .edit-dialog { padding: var(--space-4); } }
.edit-form { display: grid; gap: var(--space-3); }
.edit-field { display: grid; gap: var(--space-1); margin: 0; }
.edit-field input, .edit-field select { font: inherit; padding: 0.5rem; border: 1px solid var(--color-muted); border-radius: var(--radius); }
/* A dialog fits a 320 px phone: a select as wide as its longest page name, or a long address,
   shrinks to the dialog instead of widening it. */
.edit-field > *, .edit-form > * { min-width: 0; }
.edit-dialog input, .edit-dialog select, .edit-dialog textarea, .edit-html__link input { max-width: 100%; box-sizing: border-box; }
.edit-dialog { overflow-wrap: anywhere; }
.edit-field input[aria-invalid='true'] { border-color: var(--color-red-700); }
.edit-photos { border: 0; padding: 0; margin: 0; }
.edit-photos__grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr)); gap: var(--space-2); max-height: 50vh; overflow: auto; }
.edit-photos__item { display: grid; gap: var(--space-1); padding: var(--space-1); border: 2px solid transparent; border-radius: var(--radius); font-size: 0.8rem; cursor: pointer; }
.edit-photos__item:has(input:checked) { border-color: var(--color-navy); }
.edit-photos__item img { width: 100%; height: auto; }
.edit-card-preview { position: relative; border-radius: var(--radius-lg); overflow: hidden; min-height: 10rem; padding: var(--space-4); display: grid; align-content: end; background: var(--color-navy) center / cover no-repeat; }
.edit-card-preview__overlay { position: absolute; inset: 0; }
.edit-card-preview > :not(.edit-card-preview__overlay) { position: relative; margin: 0; }
.edit-bar { position: sticky; top: 0; z-index: 900; display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-4); padding: var(--space-2) var(--space-4); background: var(--color-navy); color: var(--color-white); font: 0.875rem/1.3 var(--font-sans); }
.edit-bar a { color: var(--color-white); }
.edit-bar .edit-chip { border-color: var(--color-white); }
.edit-bar a.edit-done { display: inline-flex; align-items: center; background: var(--color-white); color: var(--color-navy); text-decoration: none; }
.edit-bar__status { display: grid; min-width: 14rem; }
.edit-bar__more { display: none; }
.edit-bar__extras { display: contents; }
@media (max-width: 639px) {
  .edit-bar { gap: var(--space-1) var(--space-2); padding: var(--space-1) var(--space-2); }
  .edit-bar__status { min-width: 0; flex: 1 1 0; }
  .edit-bar__status > strong { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .edit-bar__status[data-quiet] > span { display: none; }
  .edit-bar__more { display: inline-block; }
  .edit-bar__extras { display: none; }
  .edit-bar__extras[data-open] { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-1) var(--space-2); flex-basis: 100%; }
}
.edit-bar__status[data-state='error'] { color: var(--color-gold); }
.edit-bar__group { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-1); }
.edit-bar__pending { flex-basis: 100%; background: var(--color-white); color: var(--color-ink); border-radius: var(--radius); padding: var(--space-2) var(--space-3); }
.edit-bar__pending ul { margin: 0; padding: 0; list-style: none; display: grid; gap: var(--space-2); }
.edit-preview { position: fixed; z-index: 950; top: 4rem; right: var(--space-4); bottom: var(--space-4); display: grid; grid-template-rows: auto 1fr; gap: var(--space-2); background: var(--color-surface); padding: var(--space-2); border-radius: var(--radius-lg); box-shadow: var(--shadow); max-width: calc(100vw - 2 * var(--space-4)); }
.edit-preview iframe { border: 1px solid var(--color-line); background: var(--color-white); height: 100%; max-width: 100%; }
`
