// @ts-check
import { builtinModules } from 'node:module'

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import { PRODUCTION_TESTS, importZones } from './config/eslint/import-zones.js'

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
  // What production code may import: the local server, apps, Supabase and core's layers.
  ...importZones,
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
