import { fileURLToPath } from 'node:url'

import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import license from 'rollup-plugin-license'
import type { Plugin } from 'vite'

import { BUNDLED_LIST, bundledRecord } from './scripts/third-party-notices.ts'

/**
 * electron-vite makes the renderer's asset paths relative (`./assets/…`, for file://). Served
 * from app://club/ as a single-page app, a deep route such as /admin/edit/news must still load
 * /assets/…, so the base goes back to the root after electron-vite has set its own.
 */
function rootBase(): Plugin {
  return { name: 'club:root-base', enforce: 'post', config: () => ({ base: '/' }) }
}

/**
 * The third-party packages whose code ends up in one part's output, with their licence texts,
 * listed in `out/<part>/third-party-licences.json` (rollup-plugin-license). `pnpm build` then
 * merges the three lists into out/THIRD_PARTY_NOTICES.txt (scripts/third-party-notices.ts).
 */
function licenceList(part: 'main' | 'preload' | 'renderer'): Plugin {
  return license({
    thirdParty: {
      // Our own workspace packages are private: they are the app, not third-party code.
      includePrivate: false,
      multipleVersions: true,
      output: {
        file: fileURLToPath(new URL(`out/${part}/${BUNDLED_LIST}`, import.meta.url)),
        template: (dependencies) => JSON.stringify(dependencies.map(bundledRecord), null, 1),
      },
    },
  }) as Plugin
}

/**
 * main, preload and renderer, built by electron-vite into out/.
 *
 * - main has two entries: index.js (the app) and upload-process.js (one upload run, started as a
 *   utilityProcess). It bundles everything it imports, workspace packages (@club/*) included: electron-builder
 *   then never has to copy a symlinked workspace package, and the ESM-only electron-store is
 *   bundled too. Only sharp (native binaries) and heic-decode with libheif (LGPL-3.0, kept
 *   replaceable) stay outside: dependencies of the manifest, unpacked from the asar when packaged.
 * - The preload is sandboxed, so it is one self-contained CommonJS file.
 * - The renderer is served from app:// (see src/main/app-protocol.ts), with the sample images
 *   that ship with @club/core, as in the web app.
 * - electronegativity (`pnpm security`) scans out/ with a parser that predates ES2022's class
 *   fields and static blocks, and a file it cannot parse is a file it does not check. So the
 *   renderer is emitted as ES2021, and main keeps third-party code in a chunk of its own
 *   (`vendor-*.js`; electron-vite allows only node targets for main): the app's own main code
 *   is always scanned.
 * - Each part lists the third-party code it bundles, with its licence (`licenceList`).
 */

export default defineConfig({
  main: {
    plugins: [licenceList('main')],
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        // The upload process is an entry of its own, started with utilityProcess.fork.
        input: {
          index: fileURLToPath(new URL('src/main/index.ts', import.meta.url)),
          'upload-process': fileURLToPath(new URL('src/main/upload-process.ts', import.meta.url)),
        },
        // sharp (native binaries) and heic-decode (libheif, LGPL-3.0: a file of its own that can
        // be replaced) are loaded from node_modules, packed beside main and unpacked from the asar.
        external: ['electron', 'sharp', 'heic-decode'],
        output: {
          // Beside the entries, where `pnpm security` looks for the vendor chunk.
          chunkFileNames: '[name]-[hash].js',
          codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] },
        },
      },
    },
  },
  preload: {
    plugins: [licenceList('preload')],
    build: {
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    plugins: [react(), rootBase(), licenceList('renderer')],
    publicDir: fileURLToPath(new URL('../../packages/core/public', import.meta.url)),
    build: { target: 'es2021', sourcemap: false },
  },
})
