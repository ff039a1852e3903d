import type { NewsPost } from '../src/entities/news-post.ts'
import { NewsArticlePage } from '../src/pages/news-article/news-article-page.tsx'

/** The article of the post at `slug` among `posts`, the others its "More news" (tests). */
export function ArticleOf({ posts, slug }: { posts: readonly NewsPost[]; slug: string }) {
  const post = posts.find((candidate) => candidate.slug === slug)
  if (!post) throw new Error(`no post at ${slug}`)
  return <NewsArticlePage post={post} postKey={`news/${post.id}`} newest={posts} />
}
