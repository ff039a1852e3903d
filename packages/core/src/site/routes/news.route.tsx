import { useSearchParams } from 'react-router'

import { useContent } from '../../content/content-provider.tsx'
import { NewsPage, newsMeta } from '../../pages/news/news-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'
import { useNewsList, useNewsYears } from './use-news-list.ts'
import { useHydrated } from '../../pages/schedule/use-hydrated.ts'

/** A whole number from 1 up from the query, else undefined. */
function counting(value: string | null, max: number): number | undefined {
  if (!value || !/^\d{1,6}$/.test(value)) return undefined
  const number = Number(value)
  return number >= 1 && number <= max ? number : undefined
}

/** `paths.news()` with the page and the year, when they are not the first page of every year. */
function pageHref(page: number, year: number | undefined): string {
  const query = new URLSearchParams()
  if (year !== undefined) query.set('year', String(year))
  if (page > 1) query.set('page', String(page))
  const search = query.toString()
  return search ? `${paths.news()}?${search}` : paths.news()
}

export default function NewsRoute() {
  const newest = useContent('newsPosts')
  const [params] = useSearchParams()
  // The prerendered page is the first page of every year: hydration renders that, then the
  // page and year the address asks for.
  const hydrated = useHydrated()
  const page = (hydrated && counting(params.get('page'), 100_000)) || 1
  const year = hydrated ? counting(params.get('year'), 9999) : undefined
  const years = useNewsYears()
  const { list, retry } = useNewsList({ page, year, newest, years })
  useHead({ ...newsMeta(newest), path: paths.news() })
  return <NewsPage newest={newest} list={list} years={years} pageHref={pageHref} onRetry={retry} />
}
