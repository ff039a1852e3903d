// @ts-check
/**
 * Production code's import zones for `@typescript-eslint/no-restricted-imports`: no file imports
 * the local server or an app, only the client users import Supabase and core/src/backend, and
 * core's folders form ordered layers (LAYERS). eslint.config.js spreads `importZones` in.
 */

/** What no production source file (core's or an app's) imports. */
const localServerPattern = {
  group: ['@club/local-supabase', '@club/local-supabase/*'],
  message: 'The local server is for dev and tests only.',
}
const appPattern = {
  group: ['**/apps/**', '@club/web', '@club/desktop'],
  message: 'Core never imports an app.',
}
const supabasePattern = {
  group: ['@supabase/supabase-js', '@supabase/*'],
  message:
    'Only core/src/backend, content, history, auth, forms and photo-library import Supabase; pages receive data and callbacks.',
}

/** Core's folders, as relative imports reach them from one to three levels down. */
const coreFolders = (...names) =>
  names.flatMap((name) => [`../${name}/*`, `../../${name}/*`, `../../../${name}/*`])

/**
 * Only the client users import core/src/backend for values; the signed-in area and the editing UI
 * receive the app's client and may name its type (`BackendClient`), never construct one.
 */
const CLIENT_USERS = ['backend', 'content', 'auth', 'forms', 'realtime', 'photos']
const backendPattern = {
  group: coreFolders('backend'),
  allowTypeImports: true,
  message:
    'Only core/src/content, auth, forms, realtime and photos use core/src/backend; others receive the client (type imports only).',
}

/** Entities, defaults and the club's facts and time are pure data: zod, and what sits below them. */
const pureDataPattern = (own) => ({
  group: [
    'react',
    'react-dom',
    'react/*',
    'react-dom/*',
    'react-router',
    '@supabase/*',
    '@radix-ui/*',
    '@tiptap/*',
    '@dnd-kit/*',
    'dompurify',
    'jsondiffpatch',
    // Every other folder of core (editing/in-place within editing/).
    ...coreFolders(
      ...LAYERS.flat().filter(
        (name) =>
          !['entities', 'club', 'routing', 'editing/in-place'].includes(name) &&
          !own.includes(name),
      ),
    ),
  ],
  message:
    "Entities, defaults, club/ and routing/ are pure data: they depend on zod and (defaults) the entities and the club's facts only.",
})

/** Content, auth, forms and backend sit below the pages and the signed-in area. */
const dataLayerPattern = {
  group: coreFolders(
    'pages',
    'site',
    'editing',
    'screen-editors',
    'history',
    'admin',
    'photos',
    'realtime',
  ),
  message:
    'content, auth, forms and backend sit below pages, site, editing, editors, history, admin, photos and realtime.',
}

/** Pages are pure: data in, callbacks out. */
const purePagesPattern = {
  group: coreFolders(
    'content',
    'auth',
    'backend',
    'realtime',
    'site',
    'admin',
    'screen-editors',
    'history',
    'photos',
  ),
  message:
    'Pages are pure (data in, callbacks out): they never import content, auth, backend, realtime, site, admin, editors, history or photos.',
}

/**
 * Core's layers, lowest first. A folder imports only folders of its own layer or below it (as
 * VS Code's layer checker has it), so the layers never import upwards and no circle runs
 * through two of them. `editing/in-place` (the editing UI, which the form screens also build on)
 * sits far above the rest of `editing/` (the editable fields that pages render).
 * docs/architecture.md draws the same order.
 */
const LAYERS = [
  ['entities'],
  ['club', 'routing', 'html'],
  ['defaults', 'alerts', 'calendar', 'ui'],
  ['backend'],
  ['content', 'photo-library'],
  ['auth', 'forms'],
  ['editing'],
  ['pages'],
  ['realtime'],
  ['site'],
  ['history', 'photos'],
  ['editing/in-place'],
  ['screen-editors'],
  ['admin'],
  ['exports'],
]

/** What a folder of core may not import: every folder of a layer above its own. */
const layerPattern = (folder) => {
  const layer = LAYERS.findIndex((names) => names.includes(folder))
  if (layer < 0)
    throw new Error(`config/eslint/import-zones.js: ${folder} is in no layer of LAYERS`)
  const above = LAYERS.slice(layer + 1).flat()
  return {
    group: [
      ...coreFolders(...above),
      // The rest of editing/ reaches the editing UI as ./in-place/….
      ...(folder === 'editing' ? ['./in-place/*'] : []),
    ],
    message: `Core's layers, lowest first: ${LAYERS.map((names) => names.join(', ')).join(' < ')}. ${folder}/ imports only its own layer and those below it (LAYERS in config/eslint/import-zones.js).`,
  }
}

/**
 * The photo library's data (photo-library/: the rows, the bucket, the rules, the metadata scan)
 * runs in the browser and in Node alike, in the admin screens and in the bulk uploader
 * (`@club/core/photo-repository`, `/photo-rules`): no React, no browser-only module.
 */
const nodeSafePattern = {
  group: [
    'react',
    'react-dom',
    'react/*',
    'react-dom/*',
    'react-router',
    '@radix-ui/*',
    'dompurify',
  ],
  message: 'photo-library/ is the photo library data the uploader shares: no UI (that is photos/).',
}

export const PRODUCTION_TESTS = ['**/*.test.ts', '**/*.test.tsx']

/** One `no-restricted-imports` setting per file: in a flat config a later zone's setting replaces an earlier one. */
const restrictImports = (files, patterns, ignores = []) => ({
  files,
  ignores: [...PRODUCTION_TESTS, ...ignores],
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
})

/** The zones of core/src, one per folder of LAYERS, each the union of the rules that folder is under. */
const coreZones = LAYERS.flat().map((folder) => {
  const patterns = [localServerPattern, appPattern]
  if (!['backend', 'content', 'history', 'auth', 'forms', 'photo-library'].includes(folder)) {
    patterns.push(supabasePattern)
  }
  if (!CLIENT_USERS.includes(folder) && folder !== 'exports') patterns.push(backendPattern)
  if (folder === 'entities') patterns.push(pureDataPattern(['entities']))
  if (folder === 'club') patterns.push(pureDataPattern(['club']))
  if (folder === 'routing') patterns.push(pureDataPattern(['routing']))
  if (folder === 'defaults') patterns.push(pureDataPattern(['entities', 'defaults']))
  if (['content', 'auth', 'forms', 'backend'].includes(folder)) patterns.push(dataLayerPattern)
  if (folder === 'pages') patterns.push(purePagesPattern)
  if (folder === 'photo-library') patterns.push(nodeSafePattern)
  if (folder !== 'exports') patterns.push(layerPattern(folder))
  const ignores = folder === 'editing' ? ['packages/core/src/editing/in-place/**'] : []
  return restrictImports([`packages/core/src/${folder}/**/*.{ts,tsx}`], patterns, ignores)
})

/** Every zone, in order: a later zone's setting replaces an earlier one for the files both match. */
export const importZones = [
  // Production code never imports the local server or an app, and only the client users import Supabase.
  restrictImports(['apps/*/src/**/*.{ts,tsx}'], [localServerPattern, appPattern, supabasePattern]),
  // A core folder not named in coreZones (a new one) gets the rules every core folder is under.
  restrictImports(
    ['packages/core/src/**/*.{ts,tsx}'],
    [localServerPattern, appPattern, supabasePattern, backendPattern],
    ['packages/core/src/exports/**'],
  ),
  ...coreZones,
]
