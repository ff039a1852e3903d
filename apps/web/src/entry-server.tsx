/**
 * Prerendering entry (Node, at build time): renders one public route to HTML from the
 * built-in content, plus its head. The client then hydrates the same tree.
 */
import { PassThrough } from 'node:stream'

import { JSDOM } from 'jsdom'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'

import { setSanitizerWindow } from '@club/core/html'
import { HeadCollectorContext, renderHeadHtml, SiteUrlContext } from '@club/core/site'
import type { HeadCollector } from '@club/core/site'

import { AppShell } from './app-shell.tsx'
import { appRoutes } from './app-routes.tsx'

export { prerenderPaths } from '@club/core/site'

// Stored HTML is sanitized with DOMPurify; in Node it needs a DOM to do it with.
setSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setSanitizerWindow>[0])

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  const sink = new PassThrough()
  stream.pipe(sink)
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

export async function render(url: string, siteUrl: string) {
  const renderedAt = Date.now()
  const handler = createStaticHandler(appRoutes())
  const context = await handler.query(new Request(`${siteUrl}${url}`))
  if (context instanceof Response) throw new Error(`${url} redirects; redirects are not prerendered`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const collector: HeadCollector = { siteUrl }
  const { prelude } = await prerenderToNodeStream(
    <SiteUrlContext.Provider value={siteUrl}>
      <HeadCollectorContext.Provider value={collector}>
        <AppShell renderedAt={renderedAt}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppShell>
      </HeadCollectorContext.Provider>
    </SiteUrlContext.Provider>,
  )
  const html = await streamToString(prelude)
  if (!collector.head) throw new Error(`${url} rendered no head: every route must call useHead`)
  return {
    html,
    head: renderHeadHtml(collector.head, siteUrl),
    renderedAt,
    status: context.statusCode,
  }
}
