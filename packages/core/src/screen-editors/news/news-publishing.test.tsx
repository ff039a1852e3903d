// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import type { NewsDraft, NewsPost } from '../../entities/news-post.ts'
import { newNewsPost } from './news-blocks.ts'
import { NewsPostEditor } from './news-post-editor.tsx'
import type { NewsPostEditorProps, NewsScheduling } from './news-post-editor.tsx'

afterEach(cleanup)

const Router = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>
// 10:00 in the club's zone on May 1, 2026.
const NOW = new Date('2026-05-01T14:00:00.000Z')

function show(overrides: Partial<NewsPostEditorProps> = {}) {
  const onSave = vi.fn(() => Promise.resolve())
  const scheduling = {
    saveDraft: vi.fn<NewsScheduling['saveDraft']>(() => Promise.resolve()),
    publishNow: vi.fn<NewsScheduling['publishNow']>(() => Promise.resolve()),
    unpublish: vi.fn<NewsScheduling['unpublish']>(() => Promise.resolve()),
  }
  render(
    <NewsPostEditor
      post={{ ...newNewsPost('news-new', NOW), title: 'Opening day', slug: 'opening-day' }}
      isNew
      otherPosts={defaultNewsPosts}
      routes={[]}
      onSave={onSave}
      scheduling={scheduling}
      now={() => NOW}
      {...overrides}
    />,
    { wrapper: Router },
  )
  return { onSave, scheduling }
}

const panel = () => within(screen.getByRole('region', { name: 'Publishing' }))

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

describe('<NewsPostEditor/> publishing', () => {
  it('should save a new post as a draft, never into the published posts', async () => {
    const { onSave, scheduling } = show()
    await click(panel().getByRole('button', { name: 'Save as draft' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(scheduling.saveDraft).toHaveBeenCalledTimes(1)
    const [saved] = scheduling.saveDraft.mock.calls[0]!
    expect(saved).toMatchObject({ id: 'news-new', title: 'Opening day' })
    expect(saved).not.toHaveProperty('publishAt')
    expect(panel().getByRole('status').textContent).toContain(
      'Saved as a draft. It is not on the site.',
    )
  })

  it('should refuse a time already past, saving nothing, and schedule a later one in club time', async () => {
    const { scheduling } = show()
    const time = panel().getByLabelText('Publish at')
    fireEvent.change(time, { target: { value: '2026-05-01T09:59' } })
    await click(panel().getByRole('button', { name: 'Schedule' }))
    expect(scheduling.saveDraft).not.toHaveBeenCalled()
    expect(panel().getByText(/^That time has passed/).id).toBe(
      time
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error')),
    )

    fireEvent.change(time, { target: { value: '2026-06-02T21:30' } })
    await click(panel().getByRole('button', { name: 'Schedule' }))
    const [saved] = scheduling.saveDraft.mock.calls[0]!
    // 9:30 PM on June 2 in the club's zone is 01:30 UTC on June 3; the post is dated June 2.
    expect(saved).toMatchObject({ publishAt: '2026-06-03T01:30:00.000Z', date: '2026-06-02' })
    expect(panel().getByRole('status').textContent).toContain(
      'Scheduled for June 2, 2026, 9:30 PM. It appears on the site by itself then.',
    )
  })

  it('should publish a draft now, dated today, and keep a scheduled post’s time on Save', async () => {
    const draft: NewsDraft = {
      ...(defaultNewsPosts[0] as NewsPost),
      id: 'news-draft',
      slug: 'opening-day',
    }
    const { scheduling } = show({ post: draft, isNew: false, state: 'draft' })
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy()
    expect(panel().getByText(/^Draft: not on the site\./)).toBeTruthy()
    await click(panel().getByRole('button', { name: 'Publish now' }))
    const [published] = scheduling.publishNow.mock.calls[0]!
    expect(published).toMatchObject({ id: 'news-draft', date: '2026-05-01' })
    expect(panel().getByRole('status').textContent).toContain('Published: it is on the site now.')
    cleanup()

    const planned = { ...draft, publishAt: '2026-06-01T12:00:00.000Z' }
    const second = show({ post: planned, isNew: false, state: 'scheduled' })
    expect(panel().getByText(/^Scheduled for June 1, 2026, 8:00 AM\./)).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Opening day moved' },
    })
    await click(screen.getByRole('button', { name: 'Save changes' }))
    expect(second.scheduling.saveDraft.mock.calls[0]![0]).toMatchObject({
      title: 'Opening day moved',
      publishAt: '2026-06-01T12:00:00.000Z',
    })
  })

  it('should leave nothing unsaved after Publish now, whichever arrives first: the stored post or the answer', async () => {
    const planned: NewsDraft = {
      ...(defaultNewsPosts[0] as NewsPost),
      id: 'news-planned',
      slug: 'planned',
      date: '2026-06-01',
      publishAt: '2026-06-01T12:00:00.000Z',
    }
    const props = {
      otherPosts: defaultNewsPosts.slice(1),
      routes: [],
      onSave: () => Promise.resolve(),
      now: () => NOW,
      isNew: false,
    }
    const view: { rerender?: (ui: ReactNode) => void } = {}
    const scheduling: NewsScheduling = {
      saveDraft: () => Promise.resolve(),
      unpublish: () => Promise.resolve(),
      // The store shows the published post (dated today) before the database answers, as the
      // route's refresh does.
      publishNow: async (post) => {
        const { publishAt: _time, ...published } = post
        view.rerender?.(
          <NewsPostEditor {...props} post={published} state="published" scheduling={scheduling} />,
        )
      },
    }
    view.rerender = render(
      <NewsPostEditor {...props} post={planned} state="scheduled" scheduling={scheduling} />,
      { wrapper: Router },
    ).rerender
    await click(panel().getByRole('button', { name: 'Publish now' }))
    expect(panel().getByRole('status').textContent).toContain('Published: it is on the site now.')
    const bar = document.querySelector('.editor-save-bar')!
    expect(bar.textContent).not.toContain('Unsaved changes')
    expect(within(bar as HTMLElement).queryByRole('button', { name: 'Discard changes' })).toBeNull()
  })

  it('should unpublish a published post after asking, and say so when it fails', async () => {
    const post = defaultNewsPosts[0] as NewsPost
    const { scheduling } = show({ post, isNew: false, state: 'published' })
    expect(panel().queryByRole('button', { name: 'Publish now' })).toBeNull()
    await click(panel().getByRole('button', { name: 'Unpublish' }))
    const dialog = screen.getByRole('dialog', { name: `Unpublish “${post.title}”?` })
    scheduling.unpublish.mockRejectedValueOnce(new Error('The connection is down.'))
    await click(within(dialog).getByRole('button', { name: 'Unpublish' }))
    expect(scheduling.unpublish).toHaveBeenCalledTimes(1)
    expect(panel().getByRole('alert').textContent).toContain(
      'Could not save News. The connection is down.',
    )
    await click(panel().getByRole('button', { name: 'Unpublish' }))
    await click(
      within(screen.getByRole('dialog', { name: /^Unpublish/ })).getByRole('button', {
        name: 'Unpublish',
      }),
    )
    expect(panel().getByRole('status').textContent).toContain(
      'Unpublished: it is off the site and kept here as a draft.',
    )
    expect(panel().getByRole('alert').textContent).toBe('')
  })

  it('should never call a post published on the site while only this device holds it', () => {
    const post = defaultNewsPosts[0] as NewsPost
    const where = () => panel().getByText(/site|device/).textContent
    show({ post, isNew: false, state: 'published' })
    expect(where()).toBe(`Published: on the site at /news-and-updates/${post.slug}.`)
    cleanup()
    show({ post, isNew: false, state: 'published', unsent: 'post' })
    expect(where()).toBe(
      'Not on the site yet: it is kept on this device until it can be sent (see the saves listed above).',
    )
    cleanup()
    show({ post, isNew: false, state: 'published', unsent: 'changes' })
    expect(where()).toBe(
      `Published: on the site at /news-and-updates/${post.slug}. Its latest changes are kept on this device until they can be sent (see the saves listed above).`,
    )
  })
})
