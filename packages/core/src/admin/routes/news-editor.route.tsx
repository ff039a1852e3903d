import { useEffect, useState, useSyncExternalStore } from 'react'
import { useNavigate, useParams } from 'react-router'

import {
  useContent,
  useContentStore,
  usePendingSaves,
  useSaveContent,
  useSaveContents,
} from '../../content/content-provider.tsx'
import { useStoredRoutes } from '../../editing/in-place/editing-provider.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import type { NewsDraft, NewsPost, StoredNewsPost } from '../../entities/news-post.ts'
import { isNewsPostKey, newsPostKey } from '../../entities/content-key-list.ts'
import type { NewsPostKey } from '../../entities/content-keys.ts'
import { unreadableNewsPost } from '../../entities/built-in-documents.ts'
import { newNewsPost } from '../../screen-editors/news/news-blocks.ts'
import { NewsPostEditor } from '../../screen-editors/news/news-post-editor.tsx'
import type { NewsScheduling } from '../../screen-editors/news/news-post-editor.tsx'
import { NewsPostList } from '../../screen-editors/news/news-post-list.tsx'
import type { NewsListItem } from '../../screen-editors/news/news-post-list.tsx'
import { unsentOf } from './unsent-post.ts'
import { samplePostsToStore } from '../../content/sample-posts.ts'
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
/** Posts the list shows at first, and adds with each "Show older posts". */
const LIST_PAGE = 50

/**
 * /admin/news/*: the news posts (`/admin/news`), a new post (`/admin/news/new`) and one post by
 * id (`/admin/news/{id}`). Each post is a document of its own (`news/<id>`, one row in the
 * database): the list reads the posts page by page, and the editor reads and saves its one post
 * through the store, with its indicator, retries and conflict handling. The database publishes
 * and unpublishes a post, and keeps the newest cards (`newsPosts`) that the pages show.
 */
export function NewsEditorRoute() {
  const { '*': rest = '' } = useParams()
  const publishing = useNewsPublishing()
  const store = useContentStore()
  const save = useSaveContent()
  const saveMany = useSaveContents()
  const navigate = useNavigate()
  const routes = useStoredRoutes()
  const newest = useContent('newsPosts')
  const target = rest.replace(/\/+$/, '')
  const fresh = useFreshPost(target === 'new')
  const editedId = target === '' ? undefined : target === 'new' ? fresh.id : target
  const key = editedId === undefined ? undefined : newsPostKey(editedId)
  const document = useNewsPostDocument(target === '' || target === 'new' ? undefined : key)
  const saveStatus = useKeySaveStatus(key)
  const pending = usePendingSaves().items
  useHead(
    adminHead(
      target === '' ? 'News' : target === 'new' ? 'New news post' : 'Edit news post',
      `${LIST}${target === '' ? '' : `/${target}`}`,
    ),
  )

  /*
   * While the site shows the built-in sample posts (none is stored), they are stored first, as
   * they are: the site's news then stays what it was, plus this post, instead of this post alone.
   */
  // Kept on this device when the connection is down: they are sent with the post.
  const storeSamplesFirst = async (key: NewsPostKey) => {
    const samples = samplePostsToStore(store, [key])
    if (samples.length > 0) await saveMany(samples)
  }

  /** The stored post (or the form's first state) as the save's base: a newer one is merged into. */
  const baseOf = (from: NewsPost | undefined, current: StoredNewsPost | undefined) =>
    from && { ...current, ...from, published: current?.published ?? false }

  const savePost = async (post: NewsPost, from?: NewsPost) => {
    const postKey = newsPostKey(post.id)
    const current = store.version(postKey) > 0 ? store.get(postKey) : undefined
    await storeSamplesFirst(postKey)
    const { publishAt: _time, ...stored } = {
      ...withPreviousSlug(current ?? post, post),
      publishAt: '',
    }
    return acceptedOrThrow(
      save(postKey, { ...stored, published: true }, { base: baseOf(from, current) }),
    )
  }

  /** `publishing`: the draft is saved on its way to the site, which says so itself. */
  const saveDraft = async (draft: NewsDraft, from?: NewsPost, publishingNow = false) => {
    const postKey = newsPostKey(draft.id)
    const current = store.version(postKey) > 0 ? store.get(postKey) : undefined
    if (draft.publishAt || publishingNow) await storeSamplesFirst(postKey)
    return acceptedOrThrow(
      save(
        postKey,
        { ...withPreviousSlug(current ?? draft, draft), published: false },
        {
          base: baseOf(from, current),
          // Not on the site: never "now live" (a scheduled post names its time).
          saved: publishingNow ? 'quiet' : draftSavedMessage(draft),
        },
      ),
    )
  }

  /** Reads the post again after the database changed it (published, unpublished, deleted). */
  const reread = (id: string) => store.loadDocuments([newsPostKey(id)])

  const scheduling = (id: string, isNew: boolean): NewsScheduling => ({
    saveDraft: async (draft, base) => {
      const outcome = await saveDraft(draft, isNew ? undefined : base)
      if (isNew) void navigate(`${LIST}/${draft.id}`, { replace: true })
      return outcome
    },
    publishNow: async (draft, base) => {
      if ((await saveDraft(draft, isNew ? undefined : base, true)) === 'kept')
        throw new Error(OFFLINE)
      if (isNew) void navigate(`${LIST}/${draft.id}`, { replace: true })
      const done = await publishing.publishNow(draft.id)
      await reread(draft.id)
      if (!done)
        throw new Error('It was not published: the draft was not found. Reload and try again.')
    },
    unpublish: async () => {
      const done = await publishing.unpublish(id)
      await reread(id)
      if (!done)
        throw new Error('It is not published any more (someone may have just unpublished it).')
    },
  })

  const deletePost = async (id: string, version: number) => {
    await publishing.remove(id, version)
    await reread(id)
  }

  let screen
  if (target === '') {
    screen = <NewsPostsScreen onDelete={deletePost} />
  } else if (target === 'new') {
    screen = (
      <NewsPostEditor
        // The same key as the post's own editor below: once published, the post takes its own
        // address and this editor stays, with whatever was typed while it was being stored.
        key={fresh.id}
        post={fresh}
        isNew
        scheduling={scheduling(fresh.id, true)}
        otherPosts={newest}
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
  } else if (document.state === 'found') {
    // The form edits the post; whether it is on the site is the publishing panel's.
    const { published, ...post } = document.post
    const state = published ? 'published' : draftState(post)
    screen = (
      <NewsPostEditor
        // A different post is a different form.
        key={post.id}
        post={post}
        isNew={false}
        state={state}
        scheduling={scheduling(post.id, false)}
        otherPosts={newest.filter((p) => p.id !== post.id)}
        routes={routes}
        Surface={FormEditingSurface}
        saveStatus={saveStatus}
        unsent={unsentOf(pending, newsPostKey(post.id))}
        onSave={savePost}
        onDelete={async () => {
          await deletePost(post.id, store.version(newsPostKey(post.id)))
          void navigate(LIST)
        }}
      />
    )
  } else if (document.state === 'loading') {
    screen = <p role="status">Loading the news post…</p>
  } else if (document.state === 'failed') {
    screen = (
      <section className="admin-panel" aria-labelledby="news-failed" role="alert">
        <h2 id="news-failed">This news post could not be loaded</h2>
        <p>{document.message}</p>
        <p>
          <button type="button" className="btn btn--primary" onClick={document.retry}>
            Try again
          </button>
        </p>
      </section>
    )
  } else {
    screen = (
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

type PostDocument =
  | { state: 'loading' | 'missing' }
  | { state: 'failed'; message: string; retry(): void }
  | { state: 'found'; post: StoredNewsPost }

/**
 * The post stored under `key`, read when the screen opens it (and kept current by the store: a
 * save here, another editor's save over Realtime, a publish by the database).
 */
function useNewsPostDocument(key: NewsPostKey | undefined): PostDocument {
  const store = useContentStore()
  const held = useSyncExternalStore(
    store.subscribe,
    // Stored, or kept on this device by a save not sent yet (a post published while offline).
    () =>
      key &&
      (store.version(key) > 0 || store.getPendingSaves().some((pending) => pending.key === key))
        ? store.get(key)
        : undefined,
    () => undefined,
  )
  const [read, setRead] = useState<{
    key: string
    attempt: number
    outcome: 'missing' | 'sample' | { failed: string }
  }>()
  const [attempt, setAttempt] = useState(0)
  const answered = read && read.key === key && read.attempt === attempt ? read.outcome : undefined
  useEffect(() => {
    if (!key || held || answered) return
    let current = true
    store.loadDocuments([key]).then(
      (found) => {
        if (!current || found.length > 0) return
        // While no post is stored the site shows the built-in sample posts: one of those is
        // edited as it is shown (its first save stores them all).
        const sample = store.version('newsPosts') === 0 && store.get(key) !== undefined
        setRead({ key, attempt, outcome: sample ? 'sample' : 'missing' })
      },
      (error: unknown) => {
        if (current)
          setRead({
            key,
            attempt,
            outcome: { failed: error instanceof Error ? error.message : String(error) },
          })
      },
    )
    return () => {
      current = false
    }
  }, [store, key, held, answered, attempt])
  if (held) return { state: 'found', post: held }
  if (answered === 'sample' && key) {
    const sample = store.get(key)
    if (sample) return { state: 'found', post: sample }
  }
  if (answered === 'missing' || answered === 'sample') return { state: 'missing' }
  if (answered)
    return { state: 'failed', message: answered.failed, retry: () => setAttempt((n) => n + 1) }
  return { state: 'loading' }
}

/** The list of posts, read page by page from the database, with a search. */
function NewsPostsScreen({ onDelete }: { onDelete(id: string, version: number): Promise<void> }) {
  const publishing = useNewsPublishing()
  const [search, setSearch] = useState('')
  const [shown, setShown] = useState(LIST_PAGE)
  const [reads, setReads] = useState(0)
  const [list, setList] = useState<{
    items: (NewsListItem & { version: number })[]
    total: number
  }>()
  const [problem, setProblem] = useState('')
  useEffect(() => {
    let current = true
    const timer = setTimeout(
      () =>
        void publishing.list({ page: 1, pageSize: shown, search }).then(
          async ({ entries, total }) => {
            const { parseDocument } = await import('../../entities/parse-document.ts')
            const items = entries.flatMap((entry) => {
              if (!isNewsPostKey(entry.key)) return []
              const post = parseDocument(
                entry.key,
                { ...(entry.post as object), content: [] },
                unreadableNewsPost(entry.key),
              )
              const state = post.published ? ('published' as const) : draftState(post)
              return [{ post, state, blocks: entry.blocks, version: entry.version }]
            })
            if (current) {
              setList({ items, total })
              setProblem('')
            }
          },
          (error: unknown) => {
            if (current) setProblem(error instanceof Error ? error.message : String(error))
          },
        ),
      // Typing a search waits for a pause.
      search ? 300 : 0,
    )
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [publishing, search, shown, reads])
  if (!list) {
    return problem ? (
      <section className="admin-panel" role="alert" aria-labelledby="news-list-failed">
        <h2 id="news-list-failed">The news posts could not be loaded</h2>
        <p>{problem}</p>
        <p>
          <button type="button" className="btn btn--primary" onClick={() => setReads((n) => n + 1)}>
            Try again
          </button>
        </p>
      </section>
    ) : (
      <p role="status">Loading the news posts…</p>
    )
  }
  return (
    <NewsPostList
      items={list.items}
      total={list.total}
      search={search}
      onSearchChange={(next) => {
        setSearch(next)
        setShown(LIST_PAGE)
      }}
      onShowMore={list.items.length < list.total ? () => setShown((n) => n + LIST_PAGE) : undefined}
      onDelete={async (id) => {
        const item = list.items.find((entry) => entry.post.id === id)
        await onDelete(id, item?.version ?? 0)
        setReads((n) => n + 1)
      }}
    />
  )
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
