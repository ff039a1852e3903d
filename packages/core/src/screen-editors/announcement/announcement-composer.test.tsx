// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import { defaultAlertRoutes } from '../alerts/alert-routes.ts'
import { AnnouncementComposer } from './announcement-composer.tsx'
import type { PublishOutcomes } from './announcement-composer.tsx'
import type { Announcement } from './announcement-draft.ts'

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

/** Lets the spec's 1.2 s of "Saving…" pass. */
async function waitOutSaving() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1200)
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

  it('should say Saving… for the spec’s 1.2 s, then Content Saved!', async () => {
    show()
    fillIn()
    await publish()
    // The composer's own state (the page picker has a status line of its own).
    const state = () =>
      screen
        .getAllByRole('status')
        .find((element) => element.closest('.announce__status, .admin-outcome'))
    expect(state()?.textContent).toBe('Saving…')
    await waitOutSaving()
    const result = state()!
    expect(result.textContent).toContain('Content Saved!')
    expect(result.textContent).toContain('Your changes are now live across the site.')
    expect(document.activeElement).toBe(result)
    // Ready for the next one.
    expect((field('Title') as HTMLInputElement).value).toBe('')
  })

  it('should keep the draft and name what was not saved', async () => {
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
