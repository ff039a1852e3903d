/*
 * IMPORTANT: which of core's modules an app's bundler keeps together, named here, beside the
 * modules themselves, rather than as paths in an app's config: a module renamed or moved is
 * then caught by this folder's test (bundle-groups.test.ts), not by a start-up that silently
 * grew. Paths are relative to packages/core/src, without the extension. Plain data.
 */

/**
 * The helpers that public pages share and every first render needs (links, the head,
 * editable fields, club time, the footer): the web app's start-up chunk, with the app itself.
 */
export const STARTUP_MODULES = [
  'entities/links',
  'entities/unique-id',
  'entities/placeholder-link',
  'entities/document-path',
  'site/head',
  'site/site-footer',
  'club/club-time',
  'pages/shared/page-meta',
  'pages/shared/smart-link',
  'pages/shared/titled-section',
  'pages/shared/stored-item',
  'pages/shared/detail-hero',
  'pages/shared/link-coming-soon',
  'editing/editing-context',
  'editing/editable',
  'editing/editable-list',
  'pages/news/news-card-text',
  'pages/events/upcoming-clinics',
  'pages/clinics/clinic-info',
] as const

/** What the web app's entry imports statically, before React: a chunk of its own. */
export const EARLY_LINKS_MODULES = ['site/early-links'] as const

/**
 * Signed-in editing code that the content entry (@club/core/content) would otherwise bring
 * into the start-up chunk: it stays with the signed-in area (the deep comparison also serves
 * live updates, which load it with the first of them).
 */
export const SIGNED_IN_CONTENT_MODULES = [
  'content/undo-stack',
  'content/undo-controller',
  'content/use-undo',
  'content/save-timing',
  'content/same-document',
  'content/content-repository-client',
] as const

/**
 * A test of a bundler's module id (a file path, `/` or `\`): whether it is one of `modules`
 * of packages/core/src.
 *
 * @example
 * coreModuleTest(['site/head']).test('/repo/packages/core/src/site/head.tsx') // true
 */
export function coreModuleTest(modules: readonly string[]): RegExp {
  const escaped = modules.map((module) => module.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
  return new RegExp(
    String.raw`packages[\\/]core[\\/]src[\\/](${escaped.map((m) => m.replaceAll('/', String.raw`[\\/]`)).join('|')})\.tsx?$`,
  )
}
