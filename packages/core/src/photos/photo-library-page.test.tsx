// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { PhotoLibraryPage } from './photo-library-page.tsx'
import type { PhotoLibraryEntry } from './photo-grid.tsx'
import { isPhotoUsable, NO_PHOTO_FILTERS } from './photo-library-props.ts'
import type { PhotoFilters, PhotoLibraryPageProps, UploadProgress } from './photo-library-props.ts'

afterEach(cleanup)

const entries: PhotoLibraryEntry[] = [
  {
    id: 'p1',
    name: 'opening-day.jpg',
    src: 'https://cdn.test/opening-day.jpg',
    thumbnailSrc: 'https://cdn.test/opening-day-thumb.jpg',
    alt: 'Players lined up on opening day',
  },
  {
    id: 'p2',
    name: 'IMG_0042.jpg',
    src: 'https://cdn.test/img-0042.jpg',
    alt: 'Photo',
    needsAltText: true,
  },
]

/** A promise with its settle functions, for callbacks the test finishes by hand. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function renderPage(
  props: Partial<PhotoLibraryPageProps> & { entries?: readonly PhotoLibraryEntry[] } = {},
) {
  const { entries: list = entries, ...rest } = props
  const handlers = {
    onRangeChange: vi.fn(),
    usage: vi.fn((): readonly string[] => []),
    onUpload: vi.fn(async (_file: File, _onProgress: (progress: UploadProgress) => void) => {}),
    onSetAlt: vi.fn(async () => {}),
    onDelete: vi.fn(async () => {}),
  }
  render(
    <PhotoLibraryPage
      total={list.length}
      entryAt={(index) => list[index]}
      {...handlers}
      {...rest}
    />,
  )
  return handlers
}

const jpeg = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' })

const pick = (...files: File[]) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText('Photos to upload'), { target: { files } })
  })

const cell = (name: string) => {
  const item = screen.getByText(name, { selector: '.photo-grid__name' }).closest('[role=gridcell]')
  if (!item) throw new Error(`no cell for ${name}`)
  return item as HTMLElement
}

/** Opens a photo's details from the grid and answers the dialog. */
const card = (name: string) => {
  fireEvent.click(cell(name))
  return within(screen.getByRole('dialog', { name }))
}

const uploadRow = (name: string) => {
  const item = within(screen.getByRole('list', { name: 'Uploads' }))
    .getByText(name)
    .closest('li')
  if (!item) throw new Error(`no upload row for ${name}`)
  return item
}

describe('PhotoLibraryPage', () => {
  describe('grid', () => {
    it('should show each photo by its thumbnail with its alt text', () => {
      renderPage()
      expect(
        within(screen.getByRole('grid', { name: 'Photos' }))
          .getAllByRole('img')
          .map((img) => [img.getAttribute('src'), img.getAttribute('alt')]),
      ).toEqual([
        ['https://cdn.test/opening-day-thumb.jpg', 'Players lined up on opening day'],
        ['https://cdn.test/img-0042.jpg', 'Photo'],
      ])
    })

    it('should show each photo name', () => {
      renderPage()
      expect(
        screen
          .getAllByText(/\.jpg$/, { selector: '.photo-grid__name' })
          .map((name) => name.textContent),
      ).toEqual(['opening-day.jpg', 'IMG_0042.jpg'])
    })

    it('should mark only photos whose alt text is not confirmed', () => {
      renderPage()
      expect([
        within(cell('opening-day.jpg')).queryByText('Needs alt text'),
        within(cell('IMG_0042.jpg')).queryByText('Needs alt text'),
      ]).toEqual([null, expect.anything()])
    })

    it('should say so when the library is empty', () => {
      renderPage({ entries: [] })
      expect(screen.getByText('No photos yet. Upload some above.')).toBeTruthy()
    })
  })

  describe('isPhotoUsable', () => {
    it('should allow a photo only once its alt text is written and confirmed', () => {
      expect([
        isPhotoUsable({ alt: 'Team photo' }),
        isPhotoUsable({ alt: 'Team photo', needsAltText: true }),
        isPhotoUsable({ alt: '  ' }),
      ]).toEqual([true, false, false])
    })
  })

  describe('uploads', () => {
    it('should refuse a type the bucket refuses before uploading', async () => {
      const { onUpload } = renderPage()
      await pick(new File(['x'], 'iphone.HEIC', { type: 'image/heic' }))
      expect({
        text: uploadRow('iphone.HEIC').textContent,
        uploads: onUpload.mock.calls.length,
      }).toEqual({
        text: 'iphone.HEICNot uploadediphone.HEIC is not a photo the library accepts. Use JPEG, PNG, WebP, AVIF or GIF.',
        uploads: 0,
      })
    })

    it('should refuse a file over 10 MiB before uploading', async () => {
      const { onUpload } = renderPage()
      await pick(jpeg('raw.jpg', 10 * 1024 * 1024 + 1))
      expect({
        text: uploadRow('raw.jpg').textContent,
        uploads: onUpload.mock.calls.length,
      }).toEqual({
        text: 'raw.jpgNot uploadedraw.jpg is 10.0 MiB; the library accepts files up to 10 MiB.',
        uploads: 0,
      })
    })

    it('should upload each accepted file on its own', async () => {
      const { onUpload } = renderPage()
      await pick(jpeg('a.jpg'), jpeg('b.jpg'))
      expect(onUpload.mock.calls.map(([file]) => file.name)).toEqual(['a.jpg', 'b.jpg'])
    })

    it('should show each file its own progress', async () => {
      const reports: ((progress: UploadProgress) => void)[] = []
      renderPage({
        onUpload: (_file, onProgress) => {
          reports.push(onProgress)
          return new Promise(() => {})
        },
      })
      await pick(jpeg('a.jpg'), jpeg('b.jpg'))
      await act(async () => {
        reports[0]?.({ phase: 'uploading', fraction: 0.5 })
        reports[1]?.({ phase: 'preparing', fraction: 0.1 })
      })
      expect(
        ['a.jpg', 'b.jpg'].map((name) => [
          screen.getByRole('progressbar', { name: `${name} progress` }).getAttribute('value'),
          uploadRow(name).querySelector('.photo-library__upload-status')?.textContent,
        ]),
      ).toEqual([
        ['0.5', 'Uploading'],
        ['0.1', 'Preparing'],
      ])
    })

    it('should upload two files at a time and start the next when one ends', async () => {
      const calls = [deferred(), deferred(), deferred()]
      let started = 0
      renderPage({ onUpload: () => calls[started++]!.promise })
      await pick(jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg'))
      const before = started
      await act(async () => calls[0]!.resolve())
      expect([before, started]).toEqual([2, 3])
    })

    it('should show one file failing without stopping the others', async () => {
      renderPage({
        onUpload: async (file) => {
          if (file.name === 'bad.jpg') throw new Error('bad.jpg could not be read as an image.')
        },
      })
      await pick(jpeg('bad.jpg'), jpeg('good.jpg'))
      expect([uploadRow('bad.jpg').textContent, uploadRow('good.jpg').textContent]).toEqual([
        'bad.jpgFailedbad.jpg could not be read as an image.',
        'good.jpgUploaded',
      ])
    })

    it('should upload files dropped on the drop zone', async () => {
      const { onUpload } = renderPage()
      await act(async () => {
        fireEvent.drop(screen.getByTestId('photo-drop-zone'), {
          dataTransfer: { files: [jpeg('dropped.jpg')] },
        })
      })
      expect(onUpload.mock.calls.map(([file]) => file.name)).toEqual(['dropped.jpg'])
    })

    it('should clear finished uploads from the list', async () => {
      renderPage()
      await pick(jpeg('a.jpg'))
      fireEvent.click(screen.getByRole('button', { name: 'Clear finished uploads' }))
      expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull()
    })
  })

  describe('alt text', () => {
    it('should save trimmed alt text', async () => {
      const { onSetAlt } = renderPage()
      const details = card('IMG_0042.jpg')
      fireEvent.change(details.getByLabelText('Alt text for IMG_0042.jpg'), {
        target: { value: '  Coach with the 10U team  ' },
      })
      await act(async () => {
        fireEvent.click(details.getByRole('button', { name: 'Confirm alt text' }))
      })
      expect(onSetAlt.mock.calls).toEqual([['p2', 'Coach with the 10U team']])
    })

    it('should say when alt text is saved', async () => {
      renderPage()
      const details = card('opening-day.jpg')
      await act(async () => {
        fireEvent.click(details.getByRole('button', { name: 'Save alt text' }))
      })
      expect(details.getAllByRole('status')[0]?.textContent).toBe('Saved')
    })

    it('should refuse empty alt text', async () => {
      const { onSetAlt } = renderPage()
      const details = card('opening-day.jpg')
      fireEvent.change(details.getByLabelText('Alt text for opening-day.jpg'), {
        target: { value: ' ' },
      })
      await act(async () => {
        fireEvent.click(details.getByRole('button', { name: 'Save alt text' }))
      })
      expect({
        message: details.getAllByRole('status')[0]?.textContent,
        saves: onSetAlt.mock.calls.length,
      }).toEqual({ message: 'Alt text is required: describe what the photo shows.', saves: 0 })
    })

    it('should show why a save failed', async () => {
      renderPage({ onSetAlt: () => Promise.reject(new Error('Could not save photoLibrary.')) })
      const details = card('opening-day.jpg')
      await act(async () => {
        fireEvent.click(details.getByRole('button', { name: 'Save alt text' }))
      })
      expect(details.getAllByRole('status')[0]?.textContent).toBe('Could not save photoLibrary.')
    })
  })

  describe('delete', () => {
    it('should list where a photo is used instead of deleting it', async () => {
      const { onDelete } = renderPage({
        usage: () => ['News › Opening day › card image', 'Teams › 12U Select › image'],
      })
      fireEvent.click(
        card('opening-day.jpg').getByRole('button', { name: 'Delete opening-day.jpg' }),
      )
      const dialog = screen.getByRole('dialog', { name: 'opening-day.jpg cannot be deleted' })
      expect({
        places: within(dialog)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
        deleteButton: within(dialog).queryByRole('button', { name: 'Delete' }),
        deletes: onDelete.mock.calls.length,
      }).toEqual({
        places: ['News › Opening day › card image', 'Teams › 12U Select › image'],
        deleteButton: null,
        deletes: 0,
      })
    })

    it('should ask which photo the usage is for', () => {
      const { usage } = renderPage()
      fireEvent.click(card('IMG_0042.jpg').getByRole('button', { name: 'Delete IMG_0042.jpg' }))
      expect(new Set(usage.mock.calls.map((call) => (call as unknown[])[0]))).toEqual(
        new Set([entries[1]]),
      )
    })

    it('should show where an opened photo is used', () => {
      renderPage({ usage: () => ['Home page › hero image'] })
      const details = card('opening-day.jpg')
      expect(details.getByRole('listitem').textContent).toBe('Home page › hero image')
    })

    it('should delete an unused photo once confirmed', async () => {
      const { onDelete } = renderPage()
      fireEvent.click(
        card('opening-day.jpg').getByRole('button', { name: 'Delete opening-day.jpg' }),
      )
      await act(async () => {
        fireEvent.click(
          within(screen.getByRole('dialog', { name: 'Delete opening-day.jpg?' })).getByRole(
            'button',
            {
              name: 'Delete',
            },
          ),
        )
      })
      expect({ deletes: onDelete.mock.calls, dialog: screen.queryByRole('dialog') }).toEqual({
        deletes: [['p1']],
        dialog: null,
      })
    })

    it('should not delete when the confirmation is cancelled', () => {
      const { onDelete } = renderPage()
      fireEvent.click(
        card('opening-day.jpg').getByRole('button', { name: 'Delete opening-day.jpg' }),
      )
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
      expect({ deletes: onDelete.mock.calls.length, dialog: screen.queryByRole('dialog') }).toEqual(
        {
          deletes: 0,
          dialog: null,
        },
      )
    })

    it('should keep the dialog open with the reason when deleting fails', async () => {
      renderPage({
        onDelete: () => Promise.reject(new Error('Your account cannot change the photo library.')),
      })
      fireEvent.click(
        card('opening-day.jpg').getByRole('button', { name: 'Delete opening-day.jpg' }),
      )
      await act(async () => {
        fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
      })
      expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(
        'Your account cannot change the photo library.',
      )
    })
  })

  describe('a large library', () => {
    const many = (count: number) => (index: number) =>
      index < count
        ? {
            id: `p${index}`,
            name: `photo-${index}.jpg`,
            src: `/p/${index}.jpg`,
            alt: `Photo ${index}`,
          }
        : undefined

    it('should render only the photos in view of 50,000', () => {
      const { onRangeChange } = renderPage({ total: 50_000, entryAt: many(50_000) })
      const cells = screen.getAllByRole('gridcell')
      const [start, end] = onRangeChange.mock.calls.at(-1) ?? []
      expect({
        few: cells.length > 0 && cells.length < 100,
        rows: screen.getByRole('grid').getAttribute('aria-rowcount'),
        range: [start, (end ?? 0) <= 100],
      }).toEqual({ few: true, rows: '25000', range: [0, true] })
    })

    it('should show a photo still being read as loading', () => {
      renderPage({ total: 3, entryAt: (index) => (index === 0 ? entries[0] : undefined) })
      expect(screen.getByText('Loading photo 2…')).toBeDefined()
    })

    it('should move with the arrow keys, select with Space and open with Enter', () => {
      renderPage({ total: 50_000, entryAt: many(50_000) })
      const first = screen.getAllByRole('gridcell')[0] as HTMLElement
      expect(first.tabIndex).toBe(0)
      first.focus()
      fireEvent.keyDown(first, { key: 'ArrowRight' })
      const second = screen.getByText('photo-1.jpg').closest('[role=gridcell]') as HTMLElement
      expect(document.activeElement).toBe(second)
      fireEvent.keyDown(second, { key: ' ' })
      expect(second.getAttribute('aria-selected')).toBe('true')
      fireEvent.keyDown(second, { key: 'Enter' })
      expect(screen.getByRole('dialog', { name: 'photo-1.jpg' })).toBeDefined()
    })

    it('should show a clear placeholder when a photo file is missing', () => {
      renderPage()
      const image = within(cell('opening-day.jpg')).getByRole('img')
      fireEvent.error(image)
      expect(within(cell('opening-day.jpg')).getByText('Image file missing')).toBeDefined()
    })
  })

  describe('filters', () => {
    /** The page as the route holds it: the filters in state, every change recorded. */
    function FilteredPage({ onApplied }: { onApplied(filters: PhotoFilters): void }) {
      const [filters, setFilters] = useState<PhotoFilters>(NO_PHOTO_FILTERS)
      return (
        <PhotoLibraryPage
          total={entries.length}
          entryAt={(index) => entries[index]}
          onRangeChange={() => {}}
          usage={() => []}
          onUpload={async () => {}}
          onSetAlt={async () => {}}
          onDelete={async () => {}}
          filters={filters}
          onFiltersChange={(next) => {
            onApplied(next)
            setFilters(next)
          }}
        />
      )
    }

    it('should keep dates set while a cleared search waits to apply', async () => {
      vi.useFakeTimers()
      try {
        const applied = vi.fn()
        render(<FilteredPage onApplied={applied} />)
        const search = screen.getByLabelText('Search')
        fireEvent.change(search, { target: { value: 'Picture Day' } })
        await act(async () => {
          await vi.advanceTimersByTimeAsync(400)
        })
        expect(applied).toHaveBeenLastCalledWith({ ...NO_PHOTO_FILTERS, search: 'Picture Day' })
        // Cleared, then the dates set at once, within the search's 300 ms.
        fireEvent.change(search, { target: { value: '' } })
        fireEvent.change(screen.getByLabelText('From'), { target: { value: '2005-01-01' } })
        fireEvent.change(screen.getByLabelText('To'), { target: { value: '2005-01-02' } })
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1_000)
        })
        expect(applied.mock.calls.at(-1)?.[0]).toEqual({
          ...NO_PHOTO_FILTERS,
          from: '2005-01-01',
          to: '2005-01-02',
        })
        expect(screen.getByText('2 photos match')).toBeDefined()
      } finally {
        vi.useRealTimers()
      }
    })
  })
})
