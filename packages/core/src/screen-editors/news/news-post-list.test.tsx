// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { NewsPostList } from './news-post-list.tsx'

afterEach(cleanup)

const Router = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>

/** The list of these posts, in the order given (the database's order), all published. */
function show(
  posts: readonly NewsPost[] = defaultNewsPosts,
  onDelete = vi.fn(),
  more: { total?: number; onShowMore?: () => void; onSearchChange?: (search: string) => void } = {},
) {
  render(
    <NewsPostList
      items={posts.map((post) => ({
        post,
        state: 'published' as const,
        blocks: post.content.length,
      }))}
      total={more.total ?? posts.length}
      onShowMore={more.onShowMore}
      search=""
      onSearchChange={more.onSearchChange ?? (() => {})}
      onDelete={onDelete}
    />,
    { wrapper: Router },
  )
  return onDelete
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)

describe('<NewsPostList/>', () => {
  it('should list the posts in the order given, and offer the older ones', () => {
    const post = defaultNewsPosts[0] as NewsPost
    const onShowMore = vi.fn()
    show(
      [
        { ...post, id: 'new', title: 'New' },
        { ...post, id: 'old', title: 'Old' },
      ],
      vi.fn(),
      { total: 60, onShowMore },
    )
    expect(titles()).toEqual(['New', 'Old'])
    fireEvent.click(screen.getByRole('button', { name: 'Show older posts (58 more)' }))
    expect(onShowMore).toHaveBeenCalledTimes(1)
  })

  it('should search the posts by what is typed', () => {
    const onSearchChange = vi.fn()
    show(defaultNewsPosts, vi.fn(), { onSearchChange })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a post' }), {
      target: { value: 'tryouts' },
    })
    expect(onSearchChange).toHaveBeenCalledWith('tryouts')
  })

  it('should link each post to its editor and its live page', () => {
    const post = defaultNewsPosts[0] as NewsPost
    show([post])
    expect([
      screen.getByRole('link', { name: `Edit ${post.title}` }).getAttribute('href'),
      screen.getByRole('link', { name: /^View live/ }).getAttribute('href'),
    ]).toEqual([`/admin/news/${post.id}`, `/news-and-updates/${post.slug}`])
  })

  it('should mark the posts in the carousel', () => {
    const post = defaultNewsPosts[0] as NewsPost
    show([{ ...post, showInCarousel: true }])
    expect(screen.getByText('In the carousel')).toBeTruthy()
  })

  it('should delete a post only after the user confirms', async () => {
    const post = defaultNewsPosts[0] as NewsPost
    const onDelete = show([post])
    await click(screen.getByRole('button', { name: `Delete ${post.title}` }))
    const dialog = screen.getByRole('dialog', { name: `Delete “${post.title}”?` })
    const before = onDelete.mock.calls.length
    await click(within(dialog).getByRole('button', { name: 'Delete post' }))
    expect([before, onDelete.mock.calls]).toEqual([0, [[post.id]]])
  })

  it('should keep the post when the user cancels', async () => {
    const post = defaultNewsPosts[0] as NewsPost
    const onDelete = show([post])
    await click(screen.getByRole('button', { name: `Delete ${post.title}` }))
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(onDelete).not.toHaveBeenCalled()
  })

  it('should give the spec’s message when the delete cannot be saved', async () => {
    const post = defaultNewsPosts[0] as NewsPost
    show(
      [post],
      vi.fn(() => Promise.reject(new Error('This account cannot save changes.'))),
    )
    await click(screen.getByRole('button', { name: `Delete ${post.title}` }))
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete post' }))
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not save News. This account cannot save changes.',
    )
  })

  it('should say when there are no posts yet', () => {
    show([])
    expect(screen.getByText('No posts yet. Write the first one.')).toBeTruthy()
  })
})
