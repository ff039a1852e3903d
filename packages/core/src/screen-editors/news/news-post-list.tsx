import { useId, useRef, useState } from 'react'

import { saveErrorMessage } from '../../content/save-messages.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { formatClubDate } from '../../club/club-time.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { ConfirmDialog } from '../../ui/editor-dialog.tsx'
import { FormControlsStyle } from '../shared/form-controls.tsx'
import newsCss from './news-editor.css?inline'
import { articlePath } from './news-slug.ts'
import { stateLabel } from './news-schedule.ts'
import type { NewsEntry } from './news-schedule.ts'
import { Link } from '../../ui/link.tsx'
import { screenAddress } from '../../routing/admin-screens.ts'

/** One post of the list: where it stands, and how many blocks its body has. */
export type NewsListItem = NewsEntry & { blocks: number }

/** Props of {@link NewsPostList}. */
export type NewsPostListProps = {
  /**
   * The posts listed, in order: drafts and scheduled posts first, then the published ones,
   * newest first (the database's order).
   */
  items: readonly NewsListItem[]
  /** How many posts there are in all (the list may hold the first ones only). */
  total: number
  /** Lists more of them; absent when all are listed. */
  onShowMore?: (() => void) | undefined
  /** The search typed (title or address), and its change. */
  search: string
  onSearchChange(search: string): void
  /**
   * Deletes the post with this id, after the user confirmed. A rejected promise keeps it and
   * shows "Could not save News." with the reason.
   */
  onDelete(id: string): Promise<unknown> | void
  /** Where a post is edited; `/admin/news/{id}` by default. */
  editPath?: (id: string) => string
  /** Where a new post is written. */
  newPath?: string
}

type Outcome = { kind: 'deleted'; title: string } | { kind: 'failed'; detail: string } | null

const titleOf = (post: NewsPost) => post.title.trim() || 'Untitled post'

/**
 * Every news post, newest first as visitors see them, with its date, author, address and
 * whether it is in the carousel; a link to write a new one, and for each post Edit, View live
 * and Delete (after confirming).
 *
 * @example
 * <NewsPostList posts={posts} onDelete={(id) => save(posts.filter((p) => p.id !== id))} />
 */
export function NewsPostList({
  items,
  total,
  onShowMore,
  search,
  onSearchChange,
  onDelete,
  editPath = (id) => screenAddress('NewsEditorRoute', id),
  newPath = screenAddress('NewsEditorRoute', 'new'),
}: NewsPostListProps) {
  const headingId = useId()
  const [deleting, setDeleting] = useState<NewsPost | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const root = useRef<HTMLElement>(null)
  // After a delete, focus moves to the next post's Edit link (or New post when none is left).
  const afterDelete = useRef<{ id: string | null } | null>(null)
  const sorted = items
  const waiting = items.filter((item) => item.state !== 'published')
  const searchId = useId()

  const confirmDelete = async () => {
    const post = deleting
    if (!post) return
    const at = sorted.findIndex((entry) => entry.post.id === post.id)
    const next = sorted[at + 1] ?? sorted[at - 1]
    afterDelete.current = { id: next ? next.post.id : null }
    setDeleting(null)
    try {
      await onDelete(post.id)
      setOutcome({ kind: 'deleted', title: titleOf(post) })
    } catch (error) {
      setOutcome({ kind: 'failed', detail: error instanceof Error ? error.message : '' })
    }
  }

  return (
    <section className="editor news-list" aria-labelledby={headingId} ref={root}>
      <AdminStyle id="club-news-editor" css={newsCss} />
      <FormControlsStyle />
      <div className="news-list__head">
        <h2 id={headingId}>News posts</h2>
        <p className="news-editor__hint">
          Newest first, as visitors see them on News &amp; Updates.
        </p>
        <p>
          <Link className="btn btn--primary" to={newPath} data-new-post="">
            New post
          </Link>
        </p>
      </div>
      {waiting.length > 0 && (
        <p className="news-editor__hint">
          Drafts and scheduled posts come first. Only staff see them until they are published.
        </p>
      )}
      <p className="news-list__search">
        <label htmlFor={searchId}>Find a post</label>{' '}
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Title or address"
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </p>
      {sorted.length === 0 ? (
        <p className="news-editor__empty">
          {search.trim()
            ? 'No post has that in its title or address.'
            : 'No posts yet. Write the first one.'}
        </p>
      ) : (
        <ul className="news-list__items">
          {sorted.map(({ post, state, blocks }) => (
            <li
              key={post.id}
              className="editor-card news-list__item"
              data-post-id={post.id}
              data-post-state={state}
            >
              <div className="news-list__summary">
                <h3 className="news-list__title">{titleOf(post)}</h3>
                <p className="news-list__meta">
                  <time dateTime={post.date}>{formatClubDate(post.date)}</time>
                  {post.author && ` · By ${post.author}`}
                  {` · ${blocks} ${blocks === 1 ? 'block' : 'blocks'}`}
                </p>
                <p className="news-list__badges">
                  {state !== 'published' && (
                    <span className="badge news-list__state">{stateLabel({ post, state })}</span>
                  )}
                  {post.showInCarousel && <span className="badge">In the carousel</span>}
                  <span className="news-list__path">{articlePath(post.slug)}</span>
                </p>
              </div>
              <div className="editor-actions">
                <Link className="btn btn--outline btn--small" to={editPath(post.id)}>
                  Edit <span className="visually-hidden">{titleOf(post)}</span>
                </Link>
                {state === 'published' && (
                  <a
                    className="btn btn--outline btn--small"
                    href={articlePath(post.slug)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    View live{' '}
                    <span className="visually-hidden">{titleOf(post)} (opens in a new tab)</span>
                  </a>
                )}
                <button
                  type="button"
                  className="btn btn--danger btn--small"
                  onClick={() => setDeleting(post)}
                >
                  Delete <span className="visually-hidden">{titleOf(post)}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {onShowMore && (
        <p>
          <button type="button" className="btn btn--outline" onClick={onShowMore}>
            Show older posts ({total - sorted.length} more)
          </button>
        </p>
      )}
      <p className="news-list__state" role="status">
        {outcome?.kind === 'deleted' ? `Deleted “${outcome.title}”.` : ''}
      </p>
      <div className="news-list__problems" role="alert">
        {outcome?.kind === 'failed'
          ? `${saveErrorMessage(['newsPosts'])} ${outcome.detail}`.trim()
          : ''}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting ? titleOf(deleting) : ''}”?`}
        description={
          deleting && waiting.some((item) => item.post.id === deleting.id)
            ? 'It was never on the site. Its earlier versions stay in the history.'
            : 'It leaves the site at once and its address stops working. Its earlier versions stay in the history.'
        }
        confirmLabel="Delete post"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        onCloseAutoFocus={(event) => {
          const request = afterDelete.current
          afterDelete.current = null
          // Cancelled: Radix returns focus to the Delete button that opened the dialog.
          if (!request) return
          const item = [
            ...(root.current?.querySelectorAll<HTMLElement>('[data-post-id]') ?? []),
          ].find((element) => element.dataset.postId === request.id)
          const target =
            item?.querySelector<HTMLElement>('a') ??
            root.current?.querySelector<HTMLElement>('[data-new-post]')
          if (!target) return
          event.preventDefault()
          target.focus()
        }}
      />
    </section>
  )
}
