/**
 * What the build and the production server need to know about the public routes, and
 * nothing more: which concrete paths there are for some documents, and which content
 * keys the page at a path shows. The prerender (scripts/build.ts) and the re-render on
 * save (scripts/follow-saves.ts) read the routes only through this.
 */
import type { ContentDocuments, DocumentKey } from '@club/core/entities'
import { keysShownAt } from '@club/core/live'
import { publicPaths } from '@club/core/site'

export type PageRoutes = {
  /** Every public path to render for these documents (stored, else built-in, per key). */
  pathsFor(documents: ContentDocuments): string[]
  /**
   * The documents the page at `path` shows (its route's, those every page shows, and a team
   * page's own team).
   */
  keysShownAt(path: string): readonly DocumentKey[]
}

/**
 * The route registry (`@club/core/site`), wired in this one place: the pages are listed
 * from the documents given (a deleted post has none), and each path's keys from its route.
 */
export const pageRoutes: PageRoutes = {
  pathsFor: (documents) => publicPaths(documents),
  keysShownAt,
}
