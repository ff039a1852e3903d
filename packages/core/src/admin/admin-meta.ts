import type { HeadData } from '../site/head.tsx'
import { pageTitle } from '../pages/shared/page-meta.ts'

/**
 * Head tags of an admin screen: "{screen} | Admin | {club}", never indexed. The path is the
 * screen's own, so no canonical link ever points a search engine into the admin.
 *
 * @example
 * useHead(adminHead('Alerts', '/admin/alerts'))
 */
export function adminHead(screen: string, path: string): HeadData {
  return {
    title: pageTitle(`${screen} | Admin`),
    description: 'The club website’s staff area.',
    path,
    noindex: true,
  }
}
