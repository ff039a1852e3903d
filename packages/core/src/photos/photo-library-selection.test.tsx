// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { usedImages } from '../photo-library/image-usage.ts'
import { PhotoLibraryPage } from './photo-library-page.tsx'
import type { PhotoLibraryEntry } from './photo-grid.tsx'
import { NO_PHOTO_FILTERS } from './photo-library-props.ts'
import type { PhotoLibraryPageProps } from './photo-library-props.ts'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const entries: PhotoLibraryEntry[] = ['a', 'b', 'c'].map((name) => ({
  id: `p-${name}`,
  name: `${name}.jpg`,
  src: `https://cdn.test/${name}.jpg`,
  alt: `Photo ${name}`,
}))

function renderPage(props: Partial<PhotoLibraryPageProps> = {}) {
  const handlers = {
    onRangeChange: vi.fn(),
    usage: vi.fn((): readonly string[] => []),
    onUpload: vi.fn(async () => {}),
    onSetAlt: vi.fn(async () => {}),
    onDelete: vi.fn(async () => {}),
    onFiltersChange: vi.fn(),
    onSetAlbum: vi.fn(async () => {}),
    onDeleteMany: vi.fn(async () => {}),
  }
  render(
    <PhotoLibraryPage
      total={1234}
      entryAt={(index) => entries[index]}
      filters={NO_PHOTO_FILTERS}
      albums={[{ id: 'spring', title: 'Spring Cup' }]}
      {...handlers}
      {...props}
    />,
  )
  return handlers
}

/** The round selection box of a photo in the grid. */
const check = (name: string) => {
  const box = screen.getByText(name).closest('[role=gridcell]')?.querySelector('.photo-grid__check')
  if (!box) throw new Error(`no selection box for ${name}`)
  return box
}

describe('PhotoLibraryPage filters', () => {
  it('should say how many photos there are and apply the search after typing stops', async () => {
    vi.useFakeTimers()
    const { onFiltersChange } = renderPage()
    expect(screen.getByText('1,234 photos in the library')).toBeDefined()
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'dugout' } })
    expect(onFiltersChange).not.toHaveBeenCalled()
    await act(async () => {
      vi.advanceTimersByTime(400)
    })
    expect(onFiltersChange).toHaveBeenLastCalledWith({ ...NO_PHOTO_FILTERS, search: 'dugout' })
  })

  it('should filter by album, date, missing alt text and use, each change adding to the last', () => {
    // Each change builds on the filters as last applied (what the screen passes back in).
    const { onFiltersChange } = renderPage()
    const spring = { ...NO_PHOTO_FILTERS, album: 'spring' }
    fireEvent.change(screen.getByLabelText('Album'), { target: { value: 'spring' } })
    expect(onFiltersChange).toHaveBeenLastCalledWith(spring)
    const fromMay = { ...spring, from: '2024-05-01' }
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-05-01' } })
    expect(onFiltersChange).toHaveBeenLastCalledWith(fromMay)
    fireEvent.click(screen.getByLabelText('Needs alt text'))
    expect(onFiltersChange).toHaveBeenLastCalledWith({ ...fromMay, needsAltText: true })
    fireEvent.click(screen.getByLabelText('Not used anywhere'))
    expect(onFiltersChange).toHaveBeenLastCalledWith({
      ...fromMay,
      needsAltText: true,
      notUsed: true,
    })
  })
})

describe('PhotoLibraryPage selection', () => {
  it('should move the selected photos to an album', async () => {
    const { onSetAlbum } = renderPage()
    fireEvent.click(check('a.jpg'))
    fireEvent.click(check('c.jpg'))
    expect(screen.getByText('2 photos selected')).toBeDefined()
    fireEvent.change(screen.getByLabelText('Move to album'), { target: { value: 'spring' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Move' }))
    })
    expect(onSetAlbum).toHaveBeenCalledWith(['p-a', 'p-c'], 'spring')
    expect(screen.getByText('Moved 2 photos to Spring Cup.')).toBeDefined()
    expect(screen.getByText('No photos selected')).toBeDefined()
  })

  it('should delete all selected photos once confirmed, and show why when refused', async () => {
    const onDeleteMany = vi.fn(async () => {
      throw new Error('Nothing was deleted: 1 selected photo is used on the site (b.jpg).')
    })
    renderPage({ onDeleteMany })
    fireEvent.click(check('a.jpg'))
    fireEvent.click(check('c.jpg'), { shiftKey: true })
    expect(screen.getByText('3 photos selected')).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }))
    expect(screen.getByText('Delete 3 photos? This cannot be undone.')).toBeDefined()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete 3 photos' }))
    })
    expect(onDeleteMany).toHaveBeenCalledWith(['p-a', 'p-b', 'p-c'])
    expect(
      screen.getByText('Nothing was deleted: 1 selected photo is used on the site (b.jpg).'),
    ).toBeDefined()
    // Still selected, so the person can leave the used one out and try again.
    expect(screen.getByText('3 photos selected')).toBeDefined()
  })
})

describe('usedImages', () => {
  it('should find library photos used whole or inside HTML, by their original hash', () => {
    const a = 'a'.repeat(64)
    const b = 'b'.repeat(64)
    const used = usedImages({
      news: [
        {
          cardImageUrl: `https://x.supabase.co/storage/v1/object/public/photo-library/library/aa/${a}.webp`,
        },
      ],
      about: {
        body: `<p>Hi <img src="/storage/v1/object/public/photo-library/library/bb/${b}-thumb.webp"></p>`,
      },
      home: { hero: '/images/fields/field-1.svg', title: 'Not an image' },
      photoLibrary: { photos: [{ src: `library/cc/${'c'.repeat(64)}.webp` }] },
    })
    expect([...used.sha256].sort()).toEqual([a, b])
    expect(used.identities.has('/images/fields/field-1.svg')).toBe(true)
  })
})
