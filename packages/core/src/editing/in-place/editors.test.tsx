// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Photo } from '../../entities/photo-library.ts'
import { EditableImage, EditableRegion, EditableText } from '../editable.tsx'
import { EditableHtml } from '../editable-html.tsx'
import { EditableList } from '../editable-list.tsx'
import { createEditSaver } from './edit-saver.ts'
import { EditingSurface } from './editing-provider.tsx'
import type { EditingOptions } from './editing-provider.tsx'

afterEach(cleanup)

/** Renders `node` in edit mode over `docs`; `save` records every saved document. */
function renderEditing(
  node: ReactNode,
  docs: Record<string, unknown>,
  options: EditingOptions = {},
) {
  const save = vi.fn((key: string, document: unknown) => {
    docs[key] = document
    return Promise.resolve('stored')
  })
  const saver = createEditSaver({ get: (key) => docs[key], save })
  const view = render(
    <MemoryRouter>
      <EditingSurface
        saver={saver}
        routes={[{ path: '/programs', label: 'Programs' }]}
        {...options}
      >
        {node}
      </EditingSurface>
    </MemoryRouter>,
  )
  return { ...view, save }
}

describe('TextEditor', () => {
  const docs = () => ({ content: { hero: { title: 'Play ball' } } })
  const title = (
    <EditableText as="p" contentKey="content" path={['hero', 'title']} value="Play ball" />
  )

  it('should keep a heading a heading, named by its text, while it is editable', () => {
    renderEditing(
      <EditableText as="h1" contentKey="content" path={['hero', 'title']} value="Play ball" />,
      docs(),
    )
    const heading = screen.getByRole('heading', { level: 1, name: 'Play ball' })
    expect(heading.getAttribute('contenteditable')).toBe('plaintext-only')
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('should show the text as a labelled, editable field', () => {
    renderEditing(title, docs())
    expect(screen.getByRole('textbox', { name: 'Edit hero title' }).textContent).toBe('Play ball')
  })

  it('should save the typed text when the field loses focus', () => {
    const { save } = renderEditing(title, docs())
    const field = screen.getByRole('textbox', { name: 'Edit hero title' })
    fireEvent.focus(field)
    field.textContent = 'Opening day'
    fireEvent.blur(field)
    // With the text the field held when editing began, for a merge with a newer document.
    expect(save).toHaveBeenCalledWith(
      'content',
      { hero: { title: 'Opening day' } },
      { hero: { title: 'Play ball' } },
    )
  })

  it('should save on Enter', () => {
    const { save } = renderEditing(title, docs())
    const field = screen.getByRole('textbox', { name: 'Edit hero title' })
    field.focus()
    field.textContent = 'Opening day'
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(save).toHaveBeenCalledTimes(1)
  })

  it('should put the stored text back and save nothing on Escape', () => {
    const { save } = renderEditing(title, docs())
    const field = screen.getByRole('textbox', { name: 'Edit hero title' })
    field.focus()
    field.textContent = 'Typo'
    fireEvent.keyDown(field, { key: 'Escape' })
    expect([field.textContent, save.mock.calls.length]).toEqual(['Play ball', 0])
  })

  it('should not save while typing', () => {
    const { save } = renderEditing(title, docs())
    const field = screen.getByRole('textbox', { name: 'Edit hero title' })
    field.focus()
    field.textContent = 'Open'
    fireEvent.input(field)
    expect(save).not.toHaveBeenCalled()
  })
})

describe('HtmlEditor', () => {
  // ProseMirror scrolls the selection into view; jsdom lays nothing out and lacks the
  // geometry calls it makes, so they answer with an empty box here.
  beforeAll(() => {
    const empty = () => new DOMRect(0, 0, 0, 0)
    const emptyList = () =>
      Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList
    Range.prototype.getBoundingClientRect ??= empty
    Range.prototype.getClientRects ??= emptyList
    document.elementFromPoint ??= () => null
  })

  const hostile = 'Bring <img src=x onerror="alert(1)"><a href="javascript:alert(1)">water</a>'

  it('should save the rich text sanitized, with no handler or script link', async () => {
    const docs = { weather: { items: [hostile] } }
    const { save } = renderEditing(
      <EditableHtml as="li" contentKey="weather" path={['items', 0]} html={hostile} />,
      docs,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Edit items item 1' }))
    await screen.findByRole('textbox', { name: 'items item 1' })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const saved = JSON.stringify(save.mock.calls.map(([, document]) => document))
    expect([
      saved.includes('onerror'),
      saved.includes('javascript:'),
      saved.includes('water'),
    ]).toEqual([false, false, true])
  })

  it('should save nothing on Cancel', async () => {
    const { save } = renderEditing(
      <EditableHtml contentKey="weather" path={['intro']} html="<p>Hi</p>" />,
      { weather: { intro: '<p>Hi</p>' } },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Edit intro' }))
    await screen.findByRole('textbox', { name: 'intro' })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(save).not.toHaveBeenCalled()
  })

  it('should refuse a javascript: link from the toolbar', async () => {
    renderEditing(<EditableHtml contentKey="weather" path={['intro']} html="<p>Hi</p>" />, {
      weather: { intro: '<p>Hi</p>' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Edit intro' }))
    await screen.findByRole('textbox', { name: 'intro' })
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    fireEvent.change(screen.getByLabelText('Link address'), {
      target: { value: 'javascript:alert(1)' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByRole('alert').textContent).toBe('The javascript: scheme is not allowed')
  })
})

describe('LinkEditor', () => {
  const docs = () => ({ content: { hero: { buttonText: 'Join', buttonLink: '/about' } } })
  const region = (
    <EditableRegion contentKey="content" path={['hero']}>
      <a href="/about">Join</a>
    </EditableRegion>
  )

  it('should save a site page chosen from the picker with the link text', () => {
    const { save } = renderEditing(region, docs())
    fireEvent.click(screen.getByRole('button', { name: 'Edit link: hero' }))
    fireEvent.change(screen.getByLabelText('Page on this site'), { target: { value: '/programs' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }))
    expect(save.mock.calls[0]?.[1]).toEqual({
      hero: { buttonText: 'Join', buttonLink: '/programs' },
    })
  })

  it('should mark a sample address until it is replaced', () => {
    const sample = () => ({
      content: { hero: { buttonText: 'Join', buttonLink: 'https://example.org/register' } },
    })
    renderEditing(region, sample())
    expect(screen.getByText('Sample — replace me')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Edit link: hero' }))
    const field = screen.getByLabelText('Link address')
    const hint = () => document.getElementById(field.getAttribute('aria-describedby') ?? '')
    expect(hint()?.textContent).toContain('Sample — replace me')
    fireEvent.change(field, { target: { value: 'https://ourclub.org/register' } })
    expect(hint()?.textContent).not.toContain('Sample')
  })

  it('should not mark the club’s own address', () => {
    renderEditing(region, docs())
    expect(screen.queryByText('Sample — replace me')).toBeNull()
  })

  it('should refuse a javascript: address and save nothing', () => {
    const { save } = renderEditing(region, docs())
    fireEvent.click(screen.getByRole('button', { name: 'Edit link: hero' }))
    fireEvent.change(screen.getByLabelText('Link address'), {
      target: { value: 'javascript:alert(1)' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }))
    expect([screen.getByRole('alert').textContent, save.mock.calls.length]).toEqual([
      'The javascript: scheme is not allowed',
      0,
    ])
  })

  it('should store an external address as the link rules read it', () => {
    const { save } = renderEditing(region, docs())
    fireEvent.click(screen.getByRole('button', { name: 'Edit link: hero' }))
    fireEvent.change(screen.getByLabelText('Link address'), {
      target: { value: 'HTTPS://Example.org' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }))
    expect(save.mock.calls[0]?.[1]).toEqual({
      hero: { buttonText: 'Join', buttonLink: 'https://example.org/' },
    })
  })
})

describe('ImageEditor', () => {
  const photo: Photo = {
    id: 'p1',
    src: '/images/field.jpg',
    alt: '',
    width: 1200,
    height: 800,
    needsAltText: true,
  }
  const docs = () => ({ content: { hero: { imageUrl: '/images/old.jpg', imageAlt: 'Old' } } })
  const image = (
    <EditableImage
      contentKey="content"
      path={['hero', 'imageUrl']}
      altPath={['hero', 'imageAlt']}
      src="/images/old.jpg"
      alt="Old"
      width={1200}
      height={675}
    />
  )
  const library = { albums: [], photos: [photo] }

  it('should not let a photo be used without alt text', () => {
    renderEditing(image, docs(), { photoLibrary: library })
    fireEvent.click(screen.getByRole('button', { name: /Change image: hero image url/ }))
    fireEvent.click(screen.getByRole('radio', { name: /p1/ }))
    expect(
      (screen.getByRole('button', { name: 'Use this photo' }) as HTMLButtonElement).disabled,
    ).toBe(true)
  })

  it('should save the photo and its alt text together', () => {
    const { save } = renderEditing(image, docs(), { photoLibrary: library })
    fireEvent.click(screen.getByRole('button', { name: /Change image: hero image url/ }))
    fireEvent.click(screen.getByRole('radio', { name: /p1/ }))
    fireEvent.change(screen.getByLabelText('Alt text (required)'), {
      target: { value: 'Field 1 at dusk' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Use this photo' }))
    expect(save.mock.calls[0]?.[1]).toEqual({
      hero: { imageUrl: '/images/field.jpg', imageAlt: 'Field 1 at dusk' },
    })
  })

  it('should offer no upload without the app supplying one', () => {
    renderEditing(image, docs(), { photoLibrary: library })
    fireEvent.click(screen.getByRole('button', { name: /Change image: hero image url/ }))
    expect(screen.queryByRole('button', { name: 'Upload a photo' })).toBeNull()
  })

  it('should select the photo the app uploaded', async () => {
    const uploaded: Photo = {
      ...photo,
      id: 'p2',
      src: '/images/new.jpg',
      alt: 'New',
      needsAltText: false,
    }
    renderEditing(image, docs(), {
      photoLibrary: library,
      onUpload: () => Promise.resolve(uploaded),
    })
    fireEvent.click(screen.getByRole('button', { name: /Change image: hero image url/ }))
    const file = new File([new Uint8Array(8)], 'new.jpg', { type: 'image/jpeg' })
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Photo to upload'), { target: { files: [file] } }),
    )
    expect((screen.getByRole('radio', { name: /New/ }) as HTMLInputElement).checked).toBe(true)
  })

  it('should search the whole library from the picker', async () => {
    vi.useFakeTimers()
    try {
      const found: Photo = { ...photo, id: 'p9', src: '/images/dugout.jpg', alt: 'The dugout' }
      const findPhotos = vi.fn(async () => [found])
      renderEditing(image, docs(), { photoLibrary: library, findPhotos })
      fireEvent.click(screen.getByRole('button', { name: /Change image: hero image url/ }))
      fireEvent.change(screen.getByLabelText('Search photos'), { target: { value: 'dugout' } })
      await act(async () => {
        vi.advanceTimersByTime(300)
      })
      expect(findPhotos.mock.calls).toEqual([['dugout']])
      expect(
        screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value),
      ).toEqual(['p9'])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('ListEditor', () => {
  type Link = { id: string; label: string }
  const items: Link[] = [
    { id: 'a', label: 'Alpha' },
    { id: 'b', label: 'Beta' },
    { id: 'c', label: 'Gamma' },
  ]
  const list = (withNew = true) => (
    <EditableList
      contentKey="quickLinks"
      path={[]}
      items={items}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      renderItem={(item) => item.label}
      {...(withNew ? { newItem: () => ({ id: 'n', label: 'New link' }) } : {})}
    />
  )
  const stored = () => ({ quickLinks: structuredClone(items) })
  const labels = (save: ReturnType<typeof vi.fn>) =>
    (save.mock.calls.at(-1)?.[1] as Link[]).map((item) => item.label)

  it('should move an item down with its button', () => {
    const { save } = renderEditing(list(), stored())
    fireEvent.click(screen.getByRole('button', { name: 'Move Alpha down' }))
    expect(labels(save)).toEqual(['Beta', 'Alpha', 'Gamma'])
  })

  it('should move an item up with its button', () => {
    const { save } = renderEditing(list(), stored())
    fireEvent.click(screen.getByRole('button', { name: 'Move Gamma up' }))
    expect(labels(save)).toEqual(['Alpha', 'Gamma', 'Beta'])
  })

  it('should disable moving the first item up', () => {
    renderEditing(list(), stored())
    expect(
      (screen.getByRole('button', { name: 'Move Alpha up' }) as HTMLButtonElement).disabled,
    ).toBe(true)
  })

  it('should ask before removing an item', () => {
    const { save } = renderEditing(list(), stored())
    fireEvent.click(screen.getByRole('button', { name: 'Remove Beta' }))
    expect(save).not.toHaveBeenCalled()
  })

  it('should remove an item once confirmed', () => {
    const { save } = renderEditing(list(), stored())
    fireEvent.click(screen.getByRole('button', { name: 'Remove Beta' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove Beta?' }))
    expect(labels(save)).toEqual(['Alpha', 'Gamma'])
  })

  it('should add the new item at the end', () => {
    const { save } = renderEditing(list(), stored())
    fireEvent.click(screen.getByRole('button', { name: 'Add to quick links' }))
    expect(labels(save)).toEqual(['Alpha', 'Beta', 'Gamma', 'New link'])
  })

  it('should offer no Add button without a new item', () => {
    renderEditing(list(false), stored())
    expect(screen.queryByRole('button', { name: /Add to/ })).toBeNull()
  })

  it('should give each item a keyboard drag handle', () => {
    renderEditing(list(), stored())
    const handle = screen.getByRole('button', { name: 'Drag Beta' })
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable')
  })

  it('should save nothing when the document holds no list there', () => {
    const { save } = renderEditing(list(), { quickLinks: { not: 'a list' } })
    fireEvent.click(screen.getByRole('button', { name: 'Move Alpha down' }))
    expect(save).not.toHaveBeenCalled()
  })

  it('should announce a move', () => {
    renderEditing(list(), stored())
    fireEvent.click(screen.getByRole('button', { name: 'Move Alpha down' }))
    expect(screen.getByText('Moved Alpha to position 2 of 3.')).toBeTruthy()
  })
})

describe('ProgramCardPanel', () => {
  const card = {
    id: 'tee-ball',
    name: 'Tee Ball',
    tagline: 'First swings',
    ageRange: '4-6',
    link: '/programs/tee-ball',
    registrationLink: '',
    backgroundUrl: '/images/tee.jpg',
    type: 'standard',
    displayType: 'text',
    nameColor: '#ffffff',
    taglineColor: '#ffffff',
    overlayEnabled: true,
    overlayColor: '#0b1f3a',
    overlayOpacity: 0.5,
    regButtonColor: '#c8102e',
    viewPageButtonColor: '#ffffff',
  }
  const cards = (
    <EditableList
      contentKey="programCards"
      path={[]}
      items={[card]}
      itemKey={(c) => c.id}
      itemLabel={(c) => c.name}
      renderItem={(c) => c.name}
    />
  )

  it('should show a colour change on the preview before saving', () => {
    const { save } = renderEditing(cards, { programCards: [structuredClone(card)] })
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Tee Ball' }))
    fireEvent.change(screen.getByLabelText('Name colour'), { target: { value: '#ffd700' } })
    const preview = screen.getByRole('img', { name: 'Preview of the Tee Ball card' })
    expect([within(preview).getByText('Tee Ball').style.color, save.mock.calls.length]).toEqual([
      'rgb(255, 215, 0)',
      0,
    ])
  })

  it('should save the card style as one edit', () => {
    const { save } = renderEditing(cards, { programCards: [structuredClone(card)] })
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Tee Ball' }))
    fireEvent.change(screen.getByLabelText('Overlay colour'), { target: { value: '#000000' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /overlay/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Save card style' }))
    const [saved] = save.mock.calls[0]?.[1] as (typeof card)[]
    expect([save.mock.calls.length, saved?.overlayColor, saved?.overlayEnabled]).toEqual([
      1,
      '#000000',
      false,
    ])
  })
})
