import { useContent } from '../../content/content-provider.tsx'
import { NewsPage, newsMeta } from '../../pages/news/news-page.tsx'
import { useHead } from '../head.tsx'

export default function NewsRoute() {
  const posts = useContent('newsPosts')
  useHead({ ...newsMeta(posts), path: '/news-and-updates' })
  return <NewsPage posts={posts} />
}
