import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router'

import {
  useContent,
  useContentSettled,
  useContentStore,
  usePendingSaves,
  useSaveContent,
} from '../../content/content-provider.tsx'
import { useStoredRoutes } from '../../editing/in-place/editing-provider.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import type { NewsDraft, NewsPost } from '../../entities/news-post.ts'
import { newNewsPost } from '../../screen-editors/news/news-blocks.ts'
import { NewsPostEditor } from '../../screen-editors/news/news-post-editor.tsx'
import type { NewsScheduling } from '../../screen-editors/news/news-post-editor.tsx'
import { NewsPostList } from '../../screen-editors/news/news-post-list.tsx'
import { unsentOf } from './unsent-post.ts'
import { draftSavedMessage, draftState } from '../../screen-editors/news/news-schedule.ts'
import { useNewsPublishing } from '../news-publisher.tsx'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { FormEditingSurface, useKeySaveStatus } from './form-editing-surface.tsx'
import { acceptedOrThrow } from './save-outcome.ts'
import { Link } from '../../ui/link.tsx'
import { screenAddress } from '../../routing/admin-screens.ts'

const LIST = screenAddress('NewsEditorRoute')
const OFFLINE =
  'It was not published: the connection is down. The post is kept as a draft on this device; publish it when the connection is back.'

/**
 * /admin/news/*: the news posts (`/admin/news`), a new post (`/admin/news/new`) and one post by
 * id (`/admin/news/{id}`), over the stored `newsPosts` document and the staff-only `newsDrafts`
 * (drafts and scheduled posts; the database moves posts between the two). Every change is
 * written into the document as stored at that moment (another tab may have saved since this
 * screen opened), then saved through the store with its indicator, retries and conflict handling.
 */
export function NewsEditorRoute() {
  const { '*': rest = '' } = useParams()
  const posts = useContent('newsPosts')
  const drafts = useContent('newsDrafts')
  const settled = useContentSettled('newsPosts', 'newsDrafts')
  const publishing = useNewsPublishing()
  const store = useContentStore()
  const save = useSaveContent()
  const navigate = useNavigate()
  const saveStatus = useKeySaveStatus('newsPosts')
  const draftsSaveStatus = useKeySaveStatus('newsDrafts')
  const routes = useStoredRoutes()
  const target = rest.replace(/\/+$/, '')
  const moving = useKeptWhileMoving(settled ? findPost(posts, drafts, target) : undefined)
  const fresh = useFreshPost(target === 'new')
  const pending = usePendingSaves().items
  useHead(
    adminHead(
      target === '' ? 'News' : target === 'new' ? 'New news post' : 'Edit news post',
      `${LIST}${target === '' ? '' : `/${target}`}`,
    ),
  )

  /*
   * `base` is the document as the editor found it: the stored posts, with the edited post as its
   * form started. The store merges three-way, so another editor's change to a different post,
   * or to a field of this post left alone here, is kept.
   */
  const saveWith = (
    update: (current: readonly NewsPost[]) => NewsPost[],
    base?: (current: readonly NewsPost[]) => NewsPost[],
  ) => {
    const current = store.get('newsPosts')
    return acceptedOrThrow(save('newsPosts', update(current), { base: base?.(current) }))
  }
  const savePost = (post: NewsPost, from?: NewsPost) =>
    saveWith(
      (current) =>
        current.some((p) => p.id === post.id)
          ? current.map((p) => (p.id === post.id ? withPreviousSlug(p, post) : p))
          : // Stored newest first, as visitors see them.
            [post, ...current],
      from && ((current) => current.map((p) => (p.id === from.id ? from : p))),
    )
  const deletePost = (id: string) => saveWith((current) => current.filter((p) => p.id !== id))

  /** `publishing`: the draft is saved on its way to the site, which says so itself. */
  const saveDraft = (draft: NewsDraft, from?: NewsPost, publishing = false) => {
    const current = store.get('newsDrafts')
    return acceptedOrThrow(
      save(
        'newsDrafts',
        current.some((p) => p.id === draft.id)
          ? current.map((p) => (p.id === draft.id ? draft : p))
          : [draft, ...current],
        {
          base: from && current.map((p) => (p.id === from.id ? { ...p, ...from } : p)),
          // Not on the site: never "now live" (a scheduled post names its time).
          saved: publishing ? 'quiet' : draftSavedMessage(draft),
        },
      ),
    )
  }
  const deleteDraft = (id: string) => {
    const current = store.get('newsDrafts')
    return acceptedOrThrow(
      save(
        'newsDrafts',
        current.filter((p) => p.id !== id),
      ),
    )
  }
  /*
   * The database publishes only into a stored `newsPosts`: while the site shows the built-in
   * sample posts, they are stored first, so a published draft joins them instead of replacing them.
   */
  const storePostsFirst = async () => {
    if (store.version('newsPosts') > 0) return
    // The sample posts stored as they are: nothing anyone sees changes.
    const outcome = save('newsPosts', store.get('newsPosts'), { saved: 'quiet' })
    if ((await acceptedOrThrow(outcome)) === 'kept') throw new Error(OFFLINE)
  }
  const scheduling = (id: string, isNew: boolean): NewsScheduling => ({
    saveDraft: async (draft, base) => {
      if (draft.publishAt) await storePostsFirst()
      const outcome = await saveDraft(draft, isNew ? undefined : base)
      if (isNew) void navigate(`${LIST}/${draft.id}`, { replace: true })
      return outcome
    },
    publishNow: async (draft, base) => {
      await storePostsFirst()
      if ((await saveDraft(draft, isNew ? undefined : base, true)) === 'kept')
        throw new Error(OFFLINE)
      if (isNew) void navigate(`${LIST}/${draft.id}`, { replace: true })
      if (!(await publishing.publishNow(draft.id)))
        throw new Error('It was not published: the draft was not found. Reload and try again.')
    },
    unpublish: async () => {
      if (!(await publishing.unpublish(id)))
        throw new Error('It is not published any more (someone may have just unpublished it).')
    },
  })

  let screen
  if (!settled) {
    screen = <p role="status">Loading the news posts…</p>
  } else if (target === '') {
    screen = (
      <NewsPostList
        posts={posts}
        drafts={drafts}
        onDelete={(id) =>
          drafts.some((draft) => draft.id === id) ? deleteDraft(id) : deletePost(id)
        }
      />
    )
  } else if (target === 'new') {
    screen = (
      <NewsPostEditor
        // The same key as the post's own editor below: once published, the post takes its own
        // address and this editor stays, with whatever was typed while it was being stored.
        key={fresh.id}
        post={fresh}
        isNew
        scheduling={scheduling(fresh.id, true)}
        draftSlugs={drafts.map((draft) => draft.slug)}
        otherPosts={posts}
        routes={routes}
        Surface={FormEditingSurface}
        saveStatus={saveStatus}
        onSave={async (post) => {
          const outcome = await savePost(post)
          // The post now has an address of its own; a reload keeps editing it.
          void navigate(`${LIST}/${post.id}`, { replace: true })
          // Offline, `kept`: the editor stays, and must not call it saved.
          return outcome
        }}
      />
    )
  } else {
    const found = findPost(posts, drafts, target)
    const { post, draft } = found ?? (moving?.post.id === target ? moving : {})
    screen = post ? (
      <NewsPostEditor
        // A different post is a different form.
        key={post.id}
        post={post}
        isNew={false}
        state={draft ? draftState(draft) : 'published'}
        scheduling={scheduling(post.id, false)}
        otherPosts={posts.filter((p) => p.id !== post.id)}
        draftSlugs={drafts.filter((p) => p.id !== post.id).map((p) => p.slug)}
        routes={routes}
        Surface={FormEditingSurface}
        saveStatus={draft ? draftsSaveStatus : saveStatus}
        unsent={unsentOf(pending, draft ? 'newsDrafts' : 'newsPosts', post.id)}
        onSave={savePost}
        onDelete={async () => {
          await (draft ? deleteDraft(post.id) : deletePost(post.id))
          void navigate(LIST)
        }}
      />
    ) : (
      <section className="admin-panel" aria-labelledby="news-missing">
        <h2 id="news-missing">There is no such news post</h2>
        <p>It may have been deleted, in this tab or another.</p>
        <p>
          <Link className="btn btn--outline" to={LIST}>
            All news posts
          </Link>
        </p>
      </section>
    )
  }

  return (
    <>
      {/* The editors' own visible headings name the screen; the page still needs its h1. */}
      <h1 className="visually-hidden">News</h1>
      {screen}
    </>
  )
}

type FoundPost = { post: NewsPost | NewsDraft; draft?: NewsDraft }

/** The post `id` among the published posts and, failing that, the drafts. */
function findPost(
  posts: readonly NewsPost[],
  drafts: readonly NewsDraft[],
  id: string,
): FoundPost | undefined {
  const published = posts.find((p) => p.id === id)
  if (published) return { post: published }
  const draft = drafts.find((p) => p.id === id)
  return draft ? { post: draft, draft } : undefined
}

/** How long a post moving between the published posts and the drafts may be in neither. */
const MOVE_GRACE_MS = 5_000

/**
 * The last post found while it is found in neither list, for {@link MOVE_GRACE_MS}: publishing
 * or unpublishing moves it between two documents, which arrive one after the other, and the
 * editor (with what it has just said, "Unpublished: …") must not be unmounted in between.
 */
function useKeptWhileMoving(found: FoundPost | undefined): FoundPost | undefined {
  const [last, setLast] = useState<{ found: FoundPost; expired: boolean } | undefined>(undefined)
  // Set while rendering (React's pattern for what an earlier render saw), compared by the posts
  // themselves: `found` is a new object each time.
  if (
    found &&
    (last?.found.post !== found.post || last.found.draft !== found.draft || last.expired)
  )
    setLast({ found, expired: false })
  const missing = !found && last !== undefined && !last.expired
  useEffect(() => {
    if (!missing) return
    const timer = setTimeout(
      () => setLast((current) => current && { ...current, expired: true }),
      MOVE_GRACE_MS,
    )
    return () => clearTimeout(timer)
  }, [missing])
  return missing ? last.found : undefined
}

/**
 * `next` as it is saved over `stored`: when the slug changed, the old one joins
 * `previousSlugs`, so that the post's old address keeps leading to it (the build writes a
 * redirect); a slug taken back leaves the list.
 */
export function withPreviousSlug(stored: NewsPost, next: NewsPost): NewsPost {
  const previous = new Set([...(stored.previousSlugs ?? []), ...(next.previousSlugs ?? [])])
  if (stored.slug !== next.slug) previous.add(stored.slug)
  previous.delete(next.slug)
  const list = [...previous].slice(-50)
  const { previousSlugs: _dropped, ...rest } = next
  return list.length > 0 ? { ...rest, previousSlugs: list } : rest
}

/**
 * The blank post of /admin/news/new: made anew on each arrival there, so that typing never
 * resets it, and kept on leaving, when it is the post that has just taken its own address.
 */
function useFreshPost(onNew: boolean): NewsPost {
  const [fresh, setFresh] = useState(() => ({
    post: newNewsPost(uniqueId('news'), new Date()),
    onNew,
  }))
  // Set while rendering (React's pattern for what an earlier render saw).
  if (fresh.onNew !== onNew) {
    setFresh(
      onNew ? { post: newNewsPost(uniqueId('news'), new Date()), onNew } : { ...fresh, onNew },
    )
  }
  return fresh.post
}
