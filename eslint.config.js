// @ts-check
import { builtinModules } from 'node:module'

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** What no app source file imports (as in the apps' zone below); the desktop zones repeat it, as a zone's rule replaces an earlier one. */
const appImportPatterns = [
  {
    group: ['@club/local-supabase', '@club/local-supabase/*'],
    message: 'The local server is for dev and tests only.',
  },
  {
    group: ['**/apps/**', '@club/web', '@club/admin'],
    message: 'Core never imports an app.',
  },
  {
    group: ['@supabase/supabase-js', '@supabase/*'],
    message:
      'Only core/src/backend, content, auth and forms talk to Supabase; pages receive data and callbacks.',
  },
]

/** Core imports its own source files, never its entry files. */
const noExportsImport = {
  selector: 'ImportDeclaration[source.value=/\\/exports\\//]',
  message:
    "Code inside core imports source files directly, never core's own entry files (src/exports).",
}

/** The editing UI (Tiptap, dnd-kit) is for the signed-in area only: public code never loads it. */
const noEditingUiImport = [
  'ImportDeclaration[source.value=/editing\\/ui\\/|editing-ui$/]',
  'ImportExpression[source.value=/editing\\/ui\\/|editing-ui$/]',
].map((selector) => ({
  selector,
  message: 'Only admin code imports the editing UI (editing/ui, @club/core/editing-ui).',
}))

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/out/**',
      '.tooling/**',
      '.local-supabase/**',
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
  {
    files: ['packages/core/**/*.{ts,tsx}', 'apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Production code never imports the local server; it is a dev and test dependency.
    files: ['packages/core/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@club/local-supabase', '@club/local-supabase/*'],
              message: 'The local server is for dev and tests only.',
            },
            {
              group: ['**/apps/**', '@club/web', '@club/admin'],
              message: 'Core never imports an app.',
            },
            {
              group: ['@supabase/supabase-js', '@supabase/*'],
              message:
                'Only core/src/backend, content, auth and forms talk to Supabase; pages receive data and callbacks.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place per concern that talks to Supabase (style guide rule 7).
    // photos/photo-storage.ts is the photo bucket's one Storage module, photo-repository.ts the
    // photo library tables' one module: each is given a client.
    files: [
      'packages/core/src/{backend,content,auth,forms}/**/*.{ts,tsx}',
      'packages/core/src/photos/photo-storage.ts',
      'packages/core/src/photos/photo-repository.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@club/local-supabase', '@club/local-supabase/*'],
              message: 'The local server is for dev and tests only.',
            },
            {
              group: ['**/apps/**', '@club/web', '@club/admin'],
              message: 'Core never imports an app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Inside core, entities and defaults depend on nothing; nothing imports core's own entry files.
    files: ['packages/core/src/{entities,defaults}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                '@supabase/*',
                '../content/*',
                '../auth/*',
                '../pages/*',
                '../ui/*',
                '../editing/*',
              ],
              message: 'Entities and defaults are pure data and depend on nothing.',
            },
          ],
        },
      ],
    },
  },
  {
    // Desktop app: every source file belongs visibly to one runtime (style guide rule 4).
    files: ['apps/admin/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...appImportPatterns,
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
    files: ['apps/admin/src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowImportNames: ['contextBridge', 'ipcRenderer'],
              message: 'The preload uses only contextBridge and ipcRenderer.',
            },
          ],
          patterns: [
            ...appImportPatterns,
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
    files: ['apps/admin/src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...appImportPatterns,
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
    files: ['apps/admin/src/main/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...appImportPatterns,
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
    files: ['packages/core/src/{admin,editing/ui,editors}/**/*.{ts,tsx}'],
    ignores: ['packages/core/src/exports/**'],
    rules: { 'no-restricted-syntax': ['error', noExportsImport] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/admin/**'],
    rules: { 'no-restricted-syntax': ['error', ...noEditingUiImport] },
  },
)
