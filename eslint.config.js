// @ts-check
import { builtinModules } from 'node:module'

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
  if (layer < 0) throw new Error(`eslint.config.js: ${folder} is in no layer of LAYERS`)
  const above = LAYERS.slice(layer + 1).flat()
  return {
    group: [
      ...coreFolders(...above),
      // The rest of editing/ reaches the editing UI as ./in-place/….
      ...(folder === 'editing' ? ['./in-place/*'] : []),
    ],
    message: `Core's layers, lowest first: ${LAYERS.map((names) => names.join(', ')).join(' < ')}. ${folder}/ imports only its own layer and those below it (eslint.config.js LAYERS).`,
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

const PRODUCTION_TESTS = ['**/*.test.ts', '**/*.test.tsx']

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

/** Core imports its own source files, never its entry files. */
const noExportsImport = {
  selector: 'ImportDeclaration[source.value=/\\/exports\\//]',
  message:
    "Code inside core imports source files directly, never core's own entry files (src/exports).",
}

/** The editing UI (Tiptap, dnd-kit) is for the signed-in area only: public code never loads it. */
const noEditingUiImport = [
  'ImportDeclaration[source.value=/editing\\/in-place\\/|in-place-editing$/]',
  'ImportExpression[source.value=/editing\\/in-place\\/|in-place-editing$/]',
].map((selector) => ({
  selector,
  message:
    'Only admin code imports the editing UI (editing/in-place, @club/core/in-place-editing).',
}))

/**
 * Only the auth controller (and the flows it is made of) calls supabase.auth (docs/architecture.md), and in the desktop app
 * the three modules that own the window's session: the renderer's app (refresh on main's
 * request, sign-out), its menu state (whether someone is signed in) and main's refresher.
 */
const authCall = {
  selector:
    'MemberExpression[object.property.name="auth"][property.name=/^(signIn|signUp|signOut|getSession|getUser|refreshSession|setSession|onAuthStateChange|updateUser|reauthenticate|resetPasswordForEmail|verifyOtp|exchangeCodeForSession|mfa|admin)/]',
  message:
    'Only core/src/auth/auth-controller.ts (with sign-in.ts, two-factor.ts, password-change.ts and signed-in-devices.ts) calls supabase.auth (and, in the desktop app, desktop-app.tsx, menu-state.tsx and main-refresher.ts): use @club/core/auth.',
}
const AUTH_CALLERS = [
  'packages/core/src/auth/auth-controller.ts',
  'packages/core/src/auth/sign-in.ts',
  'packages/core/src/auth/two-factor.ts',
  'packages/core/src/auth/password-change.ts',
  'packages/core/src/auth/signed-in-devices.ts',
  'apps/desktop/src/renderer/src/desktop-app.tsx',
  'apps/desktop/src/renderer/src/menu-state.tsx',
  'apps/desktop/src/main/main-refresher.ts',
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/dist-compiled/**',
      // Builds into folders of their own (COMPILED_DIR, SERVER_DIR: apps/web/scripts/build.ts).
      '**/dist-*/**',
      '**/out/**',
      '.tooling/**',
      '**/.local-supabase/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: {
      // A focused test would silently skip the rest of the suite in CI.
      'no-restricted-properties': [
        'error',
        { object: 'test', property: 'only', message: 'Remove .only before committing.' },
        { object: 'it', property: 'only', message: 'Remove .only before committing.' },
        { object: 'describe', property: 'only', message: 'Remove .only before committing.' },
      ],
    },
  },
  // Edge Functions and the local relay's worker run in Deno, not Node.
  {
    files: [
      'supabase/functions/**/*.ts',
      'packages/local-supabase/test/functions/**/*.ts',
      'packages/local-supabase/src/functions/deno-worker.js',
    ],
    languageOptions: {
      globals: { ...globals.browser, Deno: 'readonly', EdgeRuntime: 'readonly' },
    },
  },
  {
    files: ['packages/core/**/*.{ts,tsx}', 'apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Production code never imports the local server or an app, and only the client users import Supabase.
  restrictImports(['apps/*/src/**/*.{ts,tsx}'], [localServerPattern, appPattern, supabasePattern]),
  // A core folder not named in coreZones (a new one) gets the rules every core folder is under.
  restrictImports(
    ['packages/core/src/**/*.{ts,tsx}'],
    [localServerPattern, appPattern, supabasePattern, backendPattern],
    ['packages/core/src/exports/**'],
  ),
  ...coreZones,
  {
    // Desktop app: every source file belongs visibly to one runtime (style guide rule 4).
    files: ['apps/desktop/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*', 'node:*', ...builtinModules],
              message:
                'The renderer is a sandboxed web page: it reaches main only through window.clubDesktop.',
            },
            {
              group: ['**/main/**', '**/preload/**'],
              message: 'The renderer imports only shared code from the other runtimes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/desktop/src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowImportNames: ['contextBridge', 'ipcRenderer', 'webUtils'],
              message: 'The preload uses only contextBridge, ipcRenderer and webUtils.',
            },
          ],
          patterns: [
            {
              group: ['node:*', ...builtinModules, 'electron/*'],
              message: 'A sandboxed preload has no Node.',
            },
            {
              group: ['**/main/**', '**/renderer/**'],
              message: 'The preload imports only shared code from the other runtimes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/desktop/src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'electron',
                'electron/*',
                'node:*',
                ...builtinModules,
                'react',
                'react-dom',
                'react/*',
              ],
              message:
                'Shared code runs in main, preload and renderer alike: nothing runtime-specific.',
            },
            {
              group: ['**/main/**', '**/preload/**', '**/renderer/**'],
              message: 'Shared code imports no runtime folder.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/desktop/src/main/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/preload/**', '**/renderer/**'],
              message: 'Main talks to the renderer only through the IPC contract (shared/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.{ts,tsx}'],
    ignores: ['packages/core/src/exports/**'],
    rules: {
      'no-restricted-syntax': ['error', noExportsImport, ...noEditingUiImport],
    },
  },
  {
    // The signed-in area and its editors mount the editing UI; the editing UI imports its own parts.
    files: ['packages/core/src/{admin,editing/in-place,screen-editors}/**/*.{ts,tsx}'],
    ignores: ['packages/core/src/exports/**'],
    rules: { 'no-restricted-syntax': ['error', noExportsImport] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/admin/**'],
    rules: { 'no-restricted-syntax': ['error', ...noEditingUiImport] },
  },
  {
    // One id maker (entities/unique-id.ts, docs/architecture.md): nothing else makes random ids.
    files: ['packages/core/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}'],
    ignores: [...PRODUCTION_TESTS, 'packages/core/src/entities/unique-id.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          ['Math', 'random'],
          ['crypto', 'randomUUID'],
        ].map(([object, property]) => ({
          object,
          property,
          message: 'Make ids with uniqueId (core/src/entities/unique-id.ts), the one id maker.',
        })),
      ],
    },
  },
  // The same for production files (tests sign in and out themselves), with the auth rule.
  {
    files: ['packages/core/src/**/*.{ts,tsx}'],
    ignores: [
      'packages/core/src/exports/**',
      'packages/core/src/{admin,editing/in-place,screen-editors}/**',
      ...PRODUCTION_TESTS,
      ...AUTH_CALLERS,
    ],
    rules: {
      'no-restricted-syntax': ['error', noExportsImport, ...noEditingUiImport, authCall],
    },
  },
  {
    files: ['packages/core/src/{admin,editing/in-place,screen-editors}/**/*.{ts,tsx}'],
    ignores: [...PRODUCTION_TESTS],
    rules: { 'no-restricted-syntax': ['error', noExportsImport, authCall] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/admin/**', ...PRODUCTION_TESTS],
    rules: { 'no-restricted-syntax': ['error', ...noEditingUiImport, authCall] },
  },
  {
    files: ['apps/web/src/admin/**/*.{ts,tsx}', 'apps/desktop/src/**/*.{ts,tsx}'],
    ignores: [...PRODUCTION_TESTS, ...AUTH_CALLERS],
    rules: { 'no-restricted-syntax': ['error', authCall] },
  },
)
