import { publicPath } from '../routing/admin-paths.ts'
import type { HeadData } from './head.tsx'

/** The head of the branded not-found page. */
export function notFoundHead(pathname: string): HeadData {
  return {
    title: 'Page not found | Youth Baseball & Softball Club',
    description:
      'The page you were looking for is not here. Find programs, teams, fields and news from the home page.',
    path: publicPath(pathname),
    noindex: true,
  }
}
