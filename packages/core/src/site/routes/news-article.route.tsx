import { useContext } from 'react'
import { useLocation, useParams } from 'react-router'

import { useContent } from '../../content/content-provider.tsx'
import {
  NewsArticlePage,
  findNewsPost,
  newsArticleJsonLd,
  newsArticleMeta,
} from '../../pages/news-article/news-article-page.tsx'
import { SiteUrlContext, useHead } from '../head.tsx'
import { notFoundHead, publicPath } from '../site-paths.ts'

export default function NewsArticleRoute() {
  const { slug = '' } = useParams()
  const { pathname } = useLocation()
  const posts = useContent('newsPosts')
  const siteUrl = useContext(SiteUrlContext)
  const post = findNewsPost(posts, slug)
  useHead(
    post
      ? {
          ...newsArticleMeta(posts, slug),
          path: publicPath(pathname),
          ogType: 'article',
          jsonLd: [newsArticleJsonLd(post.post, siteUrl)],
        }
      : notFoundHead(pathname),
  )
  return <NewsArticlePage posts={posts} slug={slug} />
}
