import { useContext } from 'react'
import { useLocation, useParams } from 'react-router'

import {
  NewsArticlePage,
  missingNewsArticleMeta,
  newsArticleJsonLd,
  newsArticleMeta,
} from '../../pages/news-article/news-article-page.tsx'
import { pageTitle } from '../../pages/shared/page-meta.ts'
import { NotFoundPage } from '../../pages/not-found/not-found-page.tsx'
import { paths } from '../../routing/public-paths.ts'
import { SiteUrlContext, useHead } from '../head.tsx'
import { publicPath } from '../../routing/admin-paths.ts'
import { notFoundHead } from '../not-found-head.ts'
import { Redirect } from '../../ui/link.tsx'
import { NewsArticleUnavailable } from '../../pages/news-article/news-article-unavailable.tsx'
import { useNewestAfterStart, useNewsPost } from './use-news-post.ts'

export default function NewsArticleRoute() {
  const { slug = '' } = useParams()
  const { pathname, hash } = useLocation()
  const newest = useNewestAfterStart()
  const siteUrl = useContext(SiteUrlContext)
  const { lookup, retry } = useNewsPost(slug)
  const post = lookup.state === 'found' ? lookup.post : undefined
  useHead(
    post
      ? {
          ...newsArticleMeta(post),
          path: paths.newsPost(post.slug),
          type: 'article',
          jsonLd: [newsArticleJsonLd(post, siteUrl)],
        }
      : lookup.state === 'missing'
        ? notFoundHead(pathname)
        : {
            ...missingNewsArticleMeta(),
            title: pageTitle('News'),
            path: paths.newsPost(slug),
            noindex: true,
          },
  )
  switch (lookup.state) {
    case 'moved': {
      // A post whose slug changed keeps its old address: it leads to the post (the build also
      // writes a redirect page there).
      const base = pathname.slice(0, pathname.length - publicPath(pathname).length)
      return <Redirect to={{ pathname: `${base}${paths.newsPost(lookup.slug)}`, hash }} />
    }
    case 'found':
      return <NewsArticlePage post={lookup.post} postKey={lookup.key} newest={newest} />
    case 'missing':
      return <NotFoundPage />
    default:
      return (
        <NewsArticleUnavailable
          failure={lookup.state === 'failed' ? lookup.message : undefined}
          onRetry={retry}
        />
      )
  }
}
