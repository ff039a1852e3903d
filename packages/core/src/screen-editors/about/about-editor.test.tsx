// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defaultAboutContent } from '../../defaults/about-content.ts'
import type { AboutContent } from '../../entities/about-content.ts'
import { press, tabTo } from '../../../test-utils/keyboard-testing.ts'
import { AboutEditor } from './about-editor.tsx'
import type { AboutEditorProps } from './about-editor.tsx'

afterEach(cleanup)

const Router = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>

function show(overrides: Partial<AboutEditorProps> = {}) {
  const onSave = vi.fn<(next: AboutContent) => Promise<unknown> | void>(() => Promise.resolve())
  // The preview renders the public page, whose links need a router.
  const view = render(
    <AboutEditor aboutContent={defaultAboutContent} onSave={onSave} {...overrides} />,
    { wrapper: Router },
  )
  return { onSave, ...view }
}

const button = (name: string | RegExp) => screen.getByRole('button', { name })
const section = (n: number) => screen.getByRole('group', { name: new RegExp(`^Section ${n}:`) })

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

function change(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } })
}

describe('<AboutEditor/>', () => {
  it('should show each of the five sections with its title and text', () => {
    show()
    const first = within(section(1))
    expect([
      screen.getAllByRole('group', { name: /^Section \d:/ }).length,
      (first.getByLabelText(/^Title/) as HTMLInputElement).value,
      (first.getByLabelText(/^Text/) as HTMLTextAreaElement).value,
    ]).toEqual([5, 'Our History', defaultAboutContent.sections[0]?.body.join('\n\n')])
  })

  it('should save a section’s edited title and paragraphs as the stored shape', async () => {
    const { onSave } = show()
    change(within(section(2)).getByLabelText(/^Title/), ' Why We Play ')
    change(within(section(2)).getByLabelText(/^Text/), 'First.\n\nSecond\nline.')
    await click(button('Save About page'))
    expect(onSave.mock.calls[0]?.[0].sections[1]).toEqual({
      id: 'mission',
      title: 'Why We Play',
      body: ['First.', 'Second line.'],
    })
  })

  it('should leave every other part of the page as it was', async () => {
    const { onSave } = show()
    change(within(section(1)).getByLabelText(/^Title/), 'Since 1952')
    await click(button('Save About page'))
    const saved = onSave.mock.calls[0]?.[0]
    expect([saved?.slider, saved?.communities, saved?.sections.slice(1)]).toEqual([
      defaultAboutContent.slider,
      defaultAboutContent.communities,
      defaultAboutContent.sections.slice(1),
    ])
  })

  it('should save the slider switched off', async () => {
    const { onSave } = show()
    await click(screen.getByRole('switch', { name: 'Show the photo slider' }))
    await click(button('Save About page'))
    expect(onSave.mock.calls[0]?.[0].slider.enabled).toBe(false)
  })

  it('should save a photo’s edited description and caption', async () => {
    const { onSave } = show()
    change(screen.getByLabelText(/^Description \(alt text\) of photo 2/), 'Volunteers at work')
    change(screen.getByLabelText(/^Caption of photo 2/), '')
    await click(button('Save About page'))
    expect(onSave.mock.calls[0]?.[0].slider.images[1]).toEqual({
      id: 'slide-2',
      src: defaultAboutContent.slider.images[1]?.src,
      alt: 'Volunteers at work',
    })
  })

  it('should save a renamed community in its place', async () => {
    const { onSave } = show()
    change(screen.getByLabelText('Community 2'), 'Chevy Chase Village')
    await click(button('Save About page'))
    expect(onSave.mock.calls[0]?.[0].communities.slice(0, 3)).toEqual([
      'Bethesda',
      'Chevy Chase Village',
      'Gaithersburg',
    ])
  })

  it('should not save a section without a title, and say why next to the field', async () => {
    const { onSave } = show()
    change(within(section(3)).getByLabelText(/^Title/), '  ')
    await click(button('Save About page'))
    const title = within(section(3)).getByLabelText(/^Title/)
    const error = screen.getByText('Give the section a title.')
    expect([
      onSave.mock.calls.length,
      title.getAttribute('aria-invalid'),
      title.getAttribute('aria-describedby')?.split(' ').includes(error.id),
      document.activeElement === title,
      screen.getByRole('alert').textContent,
    ]).toEqual([0, 'true', true, true, 'Fix the problem marked above before saving.'])
  })

  it('should clear the error once the field is fixed', async () => {
    show()
    change(within(section(3)).getByLabelText(/^Title/), '')
    await click(button('Save About page'))
    change(within(section(3)).getByLabelText(/^Title/), 'Programs')
    expect(screen.queryByText('Give the section a title.')).toBeNull()
  })

  it('should refuse a community listed twice', async () => {
    const { onSave } = show()
    change(screen.getByLabelText('Community 2'), 'bethesda')
    await click(button('Save About page'))
    expect([
      onSave.mock.calls.length,
      screen.getByText('bethesda is already in the list.'),
    ]).toEqual([0, expect.anything()])
  })

  it('should say the form has unsaved changes, and discard them', async () => {
    show()
    change(within(section(1)).getByLabelText(/^Title/), 'Changed')
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes.')
    await click(button('Discard changes'))
    expect((within(section(1)).getByLabelText(/^Title/) as HTMLInputElement).value).toBe(
      'Our History',
    )
  })

  it('should show the store’s confirmation once the save is made', async () => {
    const { rerender, onSave } = show()
    change(within(section(1)).getByLabelText(/^Title/), 'Changed')
    await click(button('Save About page'))
    rerender(
      <AboutEditor
        aboutContent={defaultAboutContent}
        onSave={onSave}
        saveStatus={{
          title: 'Content Saved!',
          detail: 'Your changes are now live across the site.',
        }}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe(
      'Content Saved! Your changes are now live across the site.',
    )
  })

  it('should keep the values and give the spec’s message when the save fails', async () => {
    show({ onSave: () => Promise.reject(new Error('Someone else saved this first.')) })
    change(within(section(1)).getByLabelText(/^Title/), 'Changed')
    await click(button('Save About page'))
    expect([
      screen.getByRole('alert').textContent,
      (within(section(1)).getByLabelText(/^Title/) as HTMLInputElement).value,
    ]).toEqual(['Could not save About page content. Someone else saved this first.', 'Changed'])
  })

  it('should take a newly stored page while the form has no edits', () => {
    const { rerender, onSave } = show()
    const next = {
      ...defaultAboutContent,
      communities: ['Olney', ...defaultAboutContent.communities],
    }
    rerender(<AboutEditor aboutContent={next} onSave={onSave} />)
    expect((screen.getByLabelText('Community 1') as HTMLInputElement).value).toBe('Olney')
  })

  it('should keep the values when a newer page is stored while editing', () => {
    const { rerender, onSave } = show()
    change(screen.getByLabelText('Community 1'), 'Rockville North')
    rerender(
      <AboutEditor aboutContent={{ ...defaultAboutContent, communities: [] }} onSave={onSave} />,
    )
    expect((screen.getByLabelText('Community 1') as HTMLInputElement).value).toBe('Rockville North')
  })

  it('should link to the live About page in a new tab', () => {
    show()
    const link = screen.getByRole('link', { name: /View live page/ })
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/about', '_blank'])
  })

  it('should preview the values as the public About page, from the keyboard', async () => {
    show()
    change(within(section(1)).getByLabelText(/^Title/), 'Seventy Years of Baseball')
    tabTo(button('Preview'))
    await press('Enter')
    const preview = screen.getByRole('dialog', { name: 'Preview: About page' })
    expect([
      within(preview).getByRole('heading', { level: 1 }).textContent,
      within(preview).getByRole('heading', { name: 'Seventy Years of Baseball' }).tagName,
    ]).toEqual(['About the Club', 'H2'])
  })
})
