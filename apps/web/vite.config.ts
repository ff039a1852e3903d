import { fileURLToPath } from 'node:url'

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import type { Plugin } from 'vite'

/**
 * The prerendered page paints with no JavaScript at all; the app starts right after
 * the first frame. So the entry script is imported from a tiny inline module after
 * the next frame, instead of being fetched (with its preloads) in competition with
 * the page's own HTML, CSS and hero image.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'club:start-after-first-paint',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml(html) {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)
      if (!entry) return html
      return html
        .replace(entry[0], '')
        .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
        .replace(
          '</body>',
          `<script type="module">requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(entry[1])})))</script>\n  </body>`,
        )
    },
  }
}

export default defineConfig({
  plugins: [react(), startAfterFirstPaint()],
  // The sample content's images ship with @club/core, so both apps serve the same files.
  publicDir: fileURLToPath(new URL('../../packages/core/public', import.meta.url)),
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // One stylesheet for the whole site (about 7 KB gzipped), linked from every
    // prerendered page: a page is fully styled at its first paint, before its lazily
    // loaded code arrives, and the file is cached for every page after.
    cssCodeSplit: false,
  },
})
