/**
 * Prerendering entry (Node, at build time): renders one public route to HTML from the
 * built-in content, plus its head. The client then hydrates the same tree.
 */
import { PassThrough } from 'node:stream'

import { JSDOM } from 'jsdom'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'

import { entitiesCatalog } from '@club/core/catalog'
import { createContentStore } from '@club/core/content'
import { setSanitizerWindow } from '@club/core/html'
import {
  createHeadCollector,
  HeadCollectorContext,
  renderHeadHtml,
  SiteUrlContext,
} from '@club/core/site'

import { AppShell } from './app-shell.tsx'
import { AppRoutes } from './app-routes.tsx'

export { prerenderPaths, SITE_REDIRECTS as redirects } from '@club/core/site'

// Stored HTML is sanitized with DOMPurify; in Node it needs a DOM to do it with.
setSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setSanitizerWindow>[0])

/**
 * Prerendering shows the built-in content: a store that is never started, so it never
 * reads or writes anything.
 */
const prerenderStore = createContentStore({
  repository: {
    read: async () => [],
    save: async () => {
      throw new Error('prerendering never saves')
    },
  },
  catalog: entitiesCatalog,
  storage: null,
  events: null,
})

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  const sink = new PassThrough()
  stream.pipe(sink)
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

export async function render(url: string, siteUrl: string) {
  const renderedAt = Date.now()
  const renderOnce = async () => {
    const collector = createHeadCollector()
    const { prelude } = await prerenderToNodeStream(
      <SiteUrlContext.Provider value={siteUrl}>
        <HeadCollectorContext.Provider value={collector}>
          <AppShell store={prerenderStore} renderedAt={renderedAt}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppShell>
        </HeadCollectorContext.Provider>
      </SiteUrlContext.Provider>,
      // Never outline a large page into a later chunk: the whole page is one document.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    )
    return { collector, html: await streamToString(prelude) }
  }
  // The first pass loads the route's lazily loaded page; the second renders it inline.
  // (A page still loading would be emitted as a fallback plus a script that swaps it in
  // later, which delays the first paint of the real content.)
  let pass = await renderOnce()
  for (let i = 0; i < 3 && pass.html.includes('<template id="B:'); i++) pass = await renderOnce()
  const { collector, html } = pass
  if (html.includes('<template id="B:'))
    throw new Error(`${url} still suspended after its page loaded`)
  if (!collector.head) throw new Error(`${url} rendered no head: every route must call useHead`)
  return {
    html,
    head: renderHeadHtml(collector.head, siteUrl),
    renderedAt,
  }
}
