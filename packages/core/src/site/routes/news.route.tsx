import { useContent } from '../../content/content-provider.tsx'
import { NewsPage, newsMeta } from '../../pages/news/news-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function NewsRoute() {
  const posts = useContent('newsPosts')
  useHead({ ...newsMeta(posts), path: paths.news() })
  return <NewsPage posts={posts} />
}
