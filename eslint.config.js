// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
    files: ['packages/core/src/{backend,content,auth,forms}/**/*.{ts,tsx}'],
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
    files: ['packages/core/src/**/*.{ts,tsx}'],
    ignores: ['packages/core/src/exports/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/\\/exports\\//]',
          message:
            "Code inside core imports source files directly, never core's own entry files (src/exports).",
        },
      ],
    },
  },
)
