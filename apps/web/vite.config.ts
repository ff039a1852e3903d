import { fileURLToPath } from 'node:url'

import react from '@vitejs/plugin-react'
import { build, defineConfig } from 'vite'
import type { Plugin } from 'vite'

import {
  coreModuleTest,
  EARLY_LINKS_MODULES,
  SIGNED_IN_CONTENT_MODULES,
  STARTUP_MODULES,
} from '@club/core/bundle-groups'
import { EARLY_LINKS_SCRIPT, LEAVING_PROPERTY } from '@club/core/early-links'

/**
 * The prerendered page paints with no JavaScript at all; the app starts right after
 * the first frame is on screen. So the entry script is imported from a tiny inline module
 * once the browser reports the first paint, instead of being fetched (with its preloads) in
 * competition with the page's own HTML, CSS and hero image.
 *
 * The next animation frame, which the start waited for before, comes before the frame is on
 * screen, and a busy phone can take a long while to present it: the app's code was then
 * requested before the first paint showed, and in Lighthouse home's largest paint waited for
 * its download (bench:web). The paint entry comes after (see afterFirstPaint).
 *
 * At that moment the inline module also preloads what the entry starts the app with
 * (its dynamic imports and everything they import): the entry evaluates them one at a
 * time, in separate tasks (see src/main.tsx), but they download together.
 *
 * The head also gets the early-links script: a tap on a link before the page is
 * interactive is followed by the browser, once, and nothing starts on a page being left
 * (see @club/core/early-links).
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'club:start-after-first-paint',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml(html, { bundle, chunk }) {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)
      const src = entry?.[1]
      if (!entry || !src || !bundle || !chunk) return html
      const preload = new Set<string>()
      const visit = (file: string) => {
        const next = bundle[file]
        if (preload.has(file) || next?.type !== 'chunk') return
        preload.add(file)
        next.imports.forEach(visit)
      }
      chunk.imports.forEach(visit)
      chunk.dynamicImports.forEach(visit)
      const base = src.slice(0, src.lastIndexOf(chunk.fileName))
      const files = JSON.stringify([...preload].map((file) => base + file))
      // Nothing starts when a tap has already sent the visitor on (see @club/core/early-links).
      // A browser without modulepreload (Safari before 17) fetches them into its cache instead;
      // Vite's polyfill, which did that from the entry script, is left out of the build.
      const start =
        `if(!window.${LEAVING_PROPERTY})for(const f of ${files}){const l=document.createElement('link');if(!l.relList.supports('modulepreload')){fetch(f);continue}l.rel='modulepreload';l.href=f;document.head.append(l)}` +
        `if(!window.${LEAVING_PROPERTY})import(${JSON.stringify(src)})`
      return html
        .replace('</head>', `<script>${EARLY_LINKS_SCRIPT}</script>\n  </head>`)
        .replace(entry[0], '')
        .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
        .replace('</body>', `<script type="module">${afterFirstPaint(start)}</script>\n  </body>`)
    },
  }
}

/**
 * Inline script that runs `code` once, in a task of its own, after the page's first paint is on
 * screen: on the first Paint Timing entry, which is reported once the frame has been presented.
 * A page with nothing prerendered (the signed-in area's shells: nothing to paint first), or a
 * browser without paint entries, starts after the next animation frame as before; a prerendered
 * page whose paint entry never came would start 5 s after it. None of them starts while the page
 * is hidden (a background tab): it paints, and runs animation frames, once shown.
 */
function afterFirstPaint(code: string): string {
  return (
    `let s=0;const go=()=>{if(!s++)setTimeout(()=>{${code}})},` +
    `p=PerformanceObserver.supportedEntryTypes?.includes('paint')&&document.getElementById('root')?.childElementCount>0;` +
    `if(p)new PerformanceObserver((_,o)=>{o.disconnect();go()}).observe({type:'paint',buffered:true});` +
    `requestAnimationFrame(()=>setTimeout(go,p?5000:0))`
  )
}

/** The typeface's latin file (ui/fonts.css in @club/core), which nearly every page's text uses. */
const PRELOADED_FONT = 'inter-latin-wght-normal.woff2'

/**
 * Preloads the typeface in the head of every page (index.html is the template of every
 * prerendered page and of the signed-in area's shells), before the stylesheet that names it:
 * the browser fetches it with the stylesheet instead of after it, so the text usually paints
 * in Inter at once rather than in the fallback first (theme.css explains both). The hashed
 * name is the bundle's; a build whose stylesheet no longer emits the file fails here rather
 * than preloading nothing.
 */
function preloadFont(): Plugin {
  let base = '/'
  return {
    name: 'club:preload-font',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml(html, { bundle }) {
      if (!bundle) return html
      const font = Object.values(bundle).find(
        (file) =>
          file.type === 'asset' &&
          file.originalFileNames.some((name) => name.endsWith(`/${PRELOADED_FONT}`)),
      )
      if (!font) throw new Error(`the build emitted no ${PRELOADED_FONT} to preload`)
      const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(html)
      if (!stylesheet) throw new Error('index.html links no stylesheet to preload the font before')
      const href = `${base}${font.fileName}`
      const preload = `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`
      return html.replace(stylesheet[0], `${preload}\n    ${stylesheet[0]}`)
    },
  }
}

/** A component or context made at the top of a react-router module, unmarked. */
const UNMARKED_COMPONENT = /\bReact\$1\.(forwardRef|memo|createContext)\(/

/**
 * Lets the bundler drop react-router's components that the app never renders (`Link`,
 * `NavLink`, `Form`, and with them framework mode's prefetching). They are created at the
 * top of their modules by `forwardRef` or `memo` calls that react-router does not mark pure,
 * then given a `displayName`, so they were kept, and because the module that needs them is
 * the one `Router` comes from, in home's start-up chunk (about 2 KB gzipped). Marks those
 * calls pure and leaves out the display names, which only React's developer tools show.
 */
function pureReactRouterComponents(): Plugin {
  return {
    name: 'club:pure-react-router-components',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        // A module without display names may still make components at its top: components.js
        // makes the data router's routes (DataRoutes, which the app never renders) with an
        // unmarked `memo` call, which kept them in the start-up chunk.
        if (!code.includes('.displayName = ') && !UNMARKED_COMPONENT.test(code)) return null
        return {
          code: code
            .replace(new RegExp(UNMARKED_COMPONENT.source, 'g'), '/* @__PURE__ */ $&')
            .replace(/^\w+\.displayName = "\w+";$/gm, ''),
          map: null,
        }
      },
    },
  }
}

/**
 * The service worker (src/service-worker/sw.ts) as `/sw.js`: a name that never changes and a
 * place at the root, so that its scope is the whole site. Built on its own, as one classic
 * script with everything it imports, beside the client bundle (never the server's).
 */
function serviceWorker(): Plugin {
  let ssr = false
  const entry = fileURLToPath(new URL('./src/service-worker/sw.ts', import.meta.url))
  return {
    name: 'club:service-worker',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr)
    },
    async generateBundle() {
      if (ssr) return
      const built = await build({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        publicDir: false,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          sourcemap: false,
          lib: { entry, formats: ['iife'], name: 'clubServiceWorker', fileName: () => 'sw.js' },
        },
      })
      const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) =>
        'output' in result ? result.output : [],
      )
      const worker = outputs.find((file) => file.type === 'chunk' && file.isEntry)
      if (worker?.type !== 'chunk') throw new Error('the service worker build emitted no script')
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.code })
    },
  }
}

/**
 * The modules of the app's start-up chunk: the app itself (src/browser-app.tsx, with all it
 * imports), and the helpers that pages share and every first render needs, which core names
 * (STARTUP_MODULES, @club/core/bundle-groups). A page's own code stays in its route chunk.
 */
const startupApp = /apps[\\/]web[\\/]src[\\/]browser-app\.tsx$/
const startupHelpers = coreModuleTest(STARTUP_MODULES)
const startupModule = (id: string) => startupApp.test(id) || startupHelpers.test(id)

export default defineConfig({
  plugins: [
    react(),
    startAfterFirstPaint(),
    preloadFont(),
    pureReactRouterComponents(),
    serviceWorker(),
  ],
  // The sample content's images ship with @club/core, so both apps serve the same files.
  publicDir: fileURLToPath(new URL('../../packages/core/public', import.meta.url)),
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    target: 'es2022',
    // The start script in index.html preloads the start-up chunks itself (see above), with a
    // fallback for browsers without modulepreload; the polyfill cost home's entry 0.3 KB gzipped.
    modulePreload: { polyfill: false },
    sourcemap: true,
    // One stylesheet for the whole site (about 7 KB gzipped), linked from every
    // prerendered page: a page is fully styled at its first paint, before its lazily
    // loaded code arrives, and the file is cached for every page after.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // React, React DOM and the scheduler in one chunk: the first of the two start-up
        // tasks (src/main.tsx) evaluates just that.
        //
        // The second task's code (the router, the content store and reader, the layout, and
        // the small helpers every page's first render uses) in one chunk too. Left to
        // automatic splitting, home's start-up fetched 36 files, each compressed on its own;
        // in 10 files the same code is about 7 KB smaller gzipped (bench:web prints home's
        // initial JS; BENCH_JS_FILES=1 lists it file by file).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 10,
            },
            // What the entry (src/main.tsx) imports statically gets a chunk of its own: in the
            // start-up chunk, importing it would evaluate the whole app, and React, at once.
            {
              name: 'early-links',
              test: (id: string) =>
                coreModuleTest(EARLY_LINKS_MODULES).test(id) ||
                /vite[\\/]preload-helper\.js$/.test(id),
              priority: 6,
            },
            // Signed-in editing code that the content barrel (@club/core/content) would
            // otherwise bring into the start-up chunk: it stays with the signed-in area. The
            // deep comparison also serves live updates, which load it with the first of them;
            // the full client's content repository serves the signed-in area.
            {
              name: 'undo',
              test: coreModuleTest(SIGNED_IN_CONTENT_MODULES),
              priority: 6,
              includeDependenciesRecursively: false,
            },
            { name: 'browser-app', test: startupModule, priority: 5 },
          ],
        },
      },
    },
  },
})
