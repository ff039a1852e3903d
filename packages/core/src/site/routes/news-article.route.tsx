import { useContext } from 'react'
import { useLocation, useParams } from 'react-router'

import { useContent } from '../../content/content-provider.tsx'
import {
  NewsArticlePage,
  findNewsPost,
  newsArticleJsonLd,
  newsArticleMeta,
} from '../../pages/news-article/news-article-page.tsx'
import { paths } from '../../routing/public-paths.ts'
import { SiteUrlContext, useHead } from '../head.tsx'
import { publicPath } from '../../routing/admin-paths.ts'
import { notFoundHead } from '../not-found-head.ts'
import { Redirect } from '../../ui/link.tsx'

export default function NewsArticleRoute() {
  const { slug = '' } = useParams()
  const { pathname, hash } = useLocation()
  const posts = useContent('newsPosts')
  const siteUrl = useContext(SiteUrlContext)
  const post = findNewsPost(posts, slug)
  // A post whose slug changed keeps its old address: it leads to the post (the build also
  // writes a redirect page there).
  const moved = post ? undefined : posts.find((p) => p.previousSlugs?.includes(slug))
  useHead(
    post
      ? {
          ...newsArticleMeta(posts, slug),
          path: paths.newsPost(post.post.slug),
          type: 'article',
          jsonLd: [newsArticleJsonLd(post.post, siteUrl)],
        }
      : notFoundHead(pathname),
  )
  if (moved) {
    const base = pathname.slice(0, pathname.length - publicPath(pathname).length)
    return <Redirect to={{ pathname: `${base}${paths.newsPost(moved.slug)}`, hash }} />
  }
  return <NewsArticlePage posts={posts} slug={slug} />
}
