// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, Link, MemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryStorage } from '../../../test-utils/memory-storage.ts'
import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import { defaultAlertRoutes } from '../alerts/alert-routes.ts'
import { createFormCopies, FormCopiesContext } from '../shared/form-copies.ts'
import { AnnouncementComposer } from './announcement-composer.tsx'
import type { PublishOutcomes } from './announcement-composer.tsx'
import type { Announcement } from './announcement-form.ts'

const NOW = new Date('2026-12-01T15:00:00.000Z')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function show(outcomes: PublishOutcomes = { newsPosts: 'stored', alerts: 'stored' }) {
  const onPublish = vi.fn<(announcement: Announcement) => Promise<PublishOutcomes>>(() =>
    Promise.resolve(outcomes),
  )
  render(
    <MemoryRouter>
      <AnnouncementComposer
        posts={defaultNewsPosts}
        routes={defaultAlertRoutes()}
        now={NOW}
        onPublish={onPublish}
      />
    </MemoryRouter>,
  )
  return onPublish
}

const field = (label: string) => screen.getByLabelText(label)
const change = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } })

async function publish() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Publish the post and the alert' }))
  })
}

/** Lets a publish that was answered at once come back. */
async function waitOutSaving() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
}

function fillIn() {
  change(field('Title'), 'Tryouts Moved Indoors')
  change(field('Announcement text'), 'Saturday’s tryouts move to the gym.\n\nBring indoor shoes.')
  fireEvent.click(screen.getByRole('radio', { name: 'Only on chosen pages' }))
  fireEvent.click(screen.getByRole('checkbox', { name: 'Fields & Status /fields' }))
}

describe('<AnnouncementComposer/>', () => {
  it('should preview the post and the alert as they are typed', () => {
    show()
    fillIn()
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(preview.textContent).toContain('Tryouts Moved Indoors')
    expect(preview.textContent).toContain('/news-and-updates/tryouts-moved-indoors')
    expect(preview.textContent).toContain('In the alerts bar, on Fields & Status (/fields)')
    expect(preview.textContent).toContain('Saturday’s tryouts move to the gym.')
  })

  it('should publish a post and an alert that links to it', async () => {
    const onPublish = show()
    fillIn()
    await publish()
    const [announcement] = onPublish.mock.calls[0] ?? []
    expect(announcement?.post).toMatchObject({
      slug: 'tryouts-moved-indoors',
      title: 'Tryouts Moved Indoors',
      date: '2026-12-01',
    })
    expect(announcement?.post.content.map((block) => block.type)).toEqual([
      'paragraph',
      'paragraph',
    ])
    expect(announcement?.alert).toMatchObject({
      title: 'Tryouts Moved Indoors',
      link: '/news-and-updates/tryouts-moved-indoors',
      targetPage: '/fields',
      isActive: true,
    })
  })

  it('should say Saving… while the publish is on its way, then Content Saved!', async () => {
    const onPublish = show()
    let answer: (outcomes: PublishOutcomes) => void = () => undefined
    onPublish.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    )
    fillIn()
    await publish()
    // The composer's own state (the page picker has a status line of its own).
    const state = () =>
      screen
        .getAllByRole('status')
        .find((element) => element.closest('.announce__status, .admin-outcome'))
    expect(state()?.textContent).toBe('Saving…')
    await act(async () => {
      answer({ newsPosts: 'stored', alerts: 'stored' })
      await Promise.resolve()
    })
    const result = state()!
    expect(result.textContent).toContain('Content Saved!')
    expect(result.textContent).toContain('Your changes are now live across the site.')
    expect(document.activeElement).toBe(result)
    // Ready for the next one.
    expect((field('Title') as HTMLInputElement).value).toBe('')
  })

  it('should keep the values and name what was not saved', async () => {
    show({ newsPosts: 'stored', alerts: 'kept' })
    fillIn()
    await publish()
    await waitOutSaving()
    const problem = screen.getByText('Save Error').closest('[role="alert"]')
    expect(problem?.textContent).toContain('Save Error')
    expect(problem?.textContent).toContain('Could not save Alerts. The news post was saved.')
    expect((field('Title') as HTMLInputElement).value).toBe('Tryouts Moved Indoors')
  })

  it('should not publish without a title and text, and say what is missing', async () => {
    const onPublish = show()
    await publish()
    expect(onPublish).not.toHaveBeenCalled()
    expect(screen.getByText('Give the announcement a title.')).toBeTruthy()
    expect(screen.getByText('Write what families need to know.')).toBeTruthy()
    expect(document.activeElement).toBe(field('Title'))
  })
})

/** The composer on a screen of its own, with a link away and form copies kept on a device. */
function showScreen(outcomes: PublishOutcomes = { newsPosts: 'stored', alerts: 'stored' }) {
  const copies = createFormCopies(createMemoryStorage(), 'user-1', () => 1_700_000_000_000)
  const router = createMemoryRouter(
    [
      {
        path: '/announce',
        element: (
          <>
            <Link to="/elsewhere">Elsewhere</Link>
            <AnnouncementComposer
              posts={defaultNewsPosts}
              routes={defaultAlertRoutes()}
              now={NOW}
              onPublish={() => Promise.resolve(outcomes)}
            />
          </>
        ),
      },
      { path: '/elsewhere', element: <Link to="/announce">Back</Link> },
    ],
    { initialEntries: ['/announce'] },
  )
  render(
    <FormCopiesContext.Provider value={copies}>
      <RouterProvider router={router} />
    </FormCopiesContext.Provider>,
  )
  return router
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

describe('<AnnouncementComposer/> limits', () => {
  it('should show the post schema’s words next to a title that is too long', async () => {
    const onPublish = show()
    fillIn()
    change(field('Title'), 'x'.repeat(301))
    await publish()
    expect(onPublish).not.toHaveBeenCalled()
    // entities/news-post.ts holds the limit and these words.
    expect(field('Title').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Keep the title to 300 characters.')).toBeTruthy()
  })
})

describe('<AnnouncementComposer/> leaving with values', () => {
  it('should ask before leaving unpublished values, and stay when asked to', async () => {
    const router = showScreen()
    change(field('Title'), 'Tryouts Moved Indoors')
    await click(screen.getByRole('link', { name: 'Elsewhere' }))
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' })
    expect(dialog.textContent).toContain('Your changes to the announcement are not saved')
    await click(screen.getByRole('button', { name: 'Stay on this page' }))
    expect([router.state.location.pathname, (field('Title') as HTMLInputElement).value]).toEqual([
      '/announce',
      'Tryouts Moved Indoors',
    ])
  })

  it('should keep the values on the device when leaving, and offer it back on return', async () => {
    const router = showScreen()
    change(field('Title'), 'Tryouts Moved Indoors')
    await click(screen.getByRole('link', { name: 'Elsewhere' }))
    await click(screen.getByRole('button', { name: 'Leave and keep my changes' }))
    expect(router.state.location.pathname).toBe('/elsewhere')
    await click(screen.getByRole('link', { name: 'Back' }))
    screen.getByText('You have unsaved changes to the announcement')
    await click(screen.getByRole('button', { name: 'Restore my changes' }))
    expect((field('Title') as HTMLInputElement).value).toBe('Tryouts Moved Indoors')
  })

  it('should let the screen go without asking once the announcement is published', async () => {
    const router = showScreen()
    fillIn()
    await publish()
    await waitOutSaving()
    screen.getByText('Content Saved!')
    await click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect([router.state.location.pathname, screen.queryByRole('dialog')]).toEqual([
      '/elsewhere',
      null,
    ])
  })
})
