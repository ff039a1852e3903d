import { PassThrough } from 'node:stream'

import type { ReactNode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { Route, Routes, StaticRouter } from 'react-router'
import type { RouteObject } from 'react-router'

import { ContentProvider } from '../src/content/content-provider.tsx'
import { createContentStore } from '../src/content/content-store.ts'
import { entitiesCatalog } from '../src/content/entities-catalog.ts'
import { contentViews } from '../src/entities/derived-views.ts'
import { teamCoaches, teamViews } from '../src/entities/team-views.ts'
import type { ContentDocuments } from '../src/entities/content-keys.ts'
import type { SiteContentStore } from '../src/content/content-provider.tsx'
import { FormSenderProvider } from '../src/forms/form-sender-context.tsx'
import { createHeadCollector, HeadCollectorContext } from '../src/site/head.tsx'
import type { HeadCollector } from '../src/site/head.tsx'
import { RenderTimeProvider } from '../src/site/render-time.tsx'
import { SiteLayout } from '../src/site/site-layout.tsx'
import { siteRoutes } from '../src/site/site-routes.tsx'

/** `node` prerendered to HTML, as the build's static render writes it. */
export async function prerenderToString(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node)
  const chunks: Buffer[] = []
  const sink = new PassThrough()
  prelude.pipe(sink)
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/** A store as the build's prerender has one: it shows `baseline`, never reads nor saves. */
export function prerenderStore(baseline: Partial<ContentDocuments>): SiteContentStore {
  return createContentStore<ContentDocuments>({
    repository: {
      read: async () => [],
      save: async () => {
        throw new Error('never saves')
      },
    },
    catalog: entitiesCatalog,
    storage: null,
    events: null,
    baseline,
  })
}

/**
 * The public page at `path`, rendered as the build renders it from `documents` (nothing read,
 * nothing saved, forms never sent), with the head it collected. `wrap` puts providers around
 * the whole site (edit mode, for one).
 */
export async function prerenderSitePage(
  path: string,
  documents: ContentDocuments,
  wrap: (site: ReactNode) => ReactNode = (site) => site,
): Promise<{ html: string; head: HeadCollector['head'] }> {
  // Each post's own document too, as the build gives an article's page its post, and the
  // rows the database derives (a team page's team, /teams's rosters, a program's page…).
  const store = prerenderStore({
    ...documents,
    ...teamViews(documents.teams),
    ...teamCoaches(documents.teams, documents.staff),
    ...contentViews(documents),
    ...Object.fromEntries(
      documents.newsPosts.map((post) => [`news/${post.id}`, { ...post, published: true }]),
    ),
  })
  return prerenderStorePage(path, store, wrap)
}

/** The public page at `path`, rendered as the build renders it from what `store` shows. */
export async function prerenderStorePage(
  path: string,
  store: SiteContentStore,
  wrap: (site: ReactNode) => ReactNode = (site) => site,
): Promise<{ html: string; head: HeadCollector['head'] }> {
  const collector = createHeadCollector()
  const html = await prerenderToString(
    wrap(
      <HeadCollectorContext.Provider value={collector}>
        <RenderTimeProvider initial={Date.parse('2026-05-01T12:00:00Z')}>
          <ContentProvider store={store} signedIn={false} isStaff={false}>
            <FormSenderProvider load={() => new Promise(() => {})}>
              <StaticRouter location={path}>
                <Routes>
                  <Route path="/" element={<SiteLayout />}>
                    {(siteRoutes() as RouteObject[]).map((route, index) => (
                      <Route
                        key={index}
                        index={route.index}
                        path={route.path}
                        element={route.element}
                      />
                    ))}
                  </Route>
                </Routes>
              </StaticRouter>
            </FormSenderProvider>
          </ContentProvider>
        </RenderTimeProvider>
      </HeadCollectorContext.Provider>,
    ),
  )
  return { html, head: collector.head }
}
