// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { isPhotoUsable, PhotoLibraryPage } from './photo-library-page.tsx'
import type {
  PhotoLibraryEntry,
  PhotoLibraryPageProps,
  UploadProgress,
} from './photo-library-page.tsx'

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

function renderPage(props: Partial<PhotoLibraryPageProps> = {}) {
  const handlers = {
    onPageChange: vi.fn(),
    usage: vi.fn((): readonly string[] => []),
    onUpload: vi.fn(async (_file: File, _onProgress: (progress: UploadProgress) => void) => {}),
    onSetAlt: vi.fn(async () => {}),
    onDelete: vi.fn(async () => {}),
  }
  render(<PhotoLibraryPage entries={entries} page={0} pageCount={1} {...handlers} {...props} />)
  return handlers
}

const jpeg = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' })

const pick = (...files: File[]) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText('Photos to upload'), { target: { files } })
  })

const card = (name: string) => {
  const item = screen.getByText(name, { selector: '.photo-library__name' }).closest('li')
  if (!item) throw new Error(`no card for ${name}`)
  return within(item)
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
        within(screen.getByRole('list', { name: 'Photos' }))
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
          .getAllByText(/\.jpg$/, { selector: '.photo-library__name' })
          .map((name) => name.textContent),
      ).toEqual(['opening-day.jpg', 'IMG_0042.jpg'])
    })

    it('should mark only photos whose alt text is not confirmed', () => {
      renderPage()
      expect([
        card('opening-day.jpg').queryByText('Needs alt text'),
        card('IMG_0042.jpg').queryByText('Needs alt text'),
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
      fireEvent.change(screen.getByLabelText('Alt text for IMG_0042.jpg'), {
        target: { value: '  Coach with the 10U team  ' },
      })
      await act(async () => {
        fireEvent.click(card('IMG_0042.jpg').getByRole('button', { name: 'Confirm alt text' }))
      })
      expect(onSetAlt.mock.calls).toEqual([['p2', 'Coach with the 10U team']])
    })

    it('should say when alt text is saved', async () => {
      renderPage()
      await act(async () => {
        fireEvent.click(card('opening-day.jpg').getByRole('button', { name: 'Save alt text' }))
      })
      expect(card('opening-day.jpg').getByRole('status').textContent).toBe('Saved')
    })

    it('should refuse empty alt text', async () => {
      const { onSetAlt } = renderPage()
      fireEvent.change(screen.getByLabelText('Alt text for opening-day.jpg'), {
        target: { value: ' ' },
      })
      await act(async () => {
        fireEvent.click(card('opening-day.jpg').getByRole('button', { name: 'Save alt text' }))
      })
      expect({
        message: card('opening-day.jpg').getByRole('status').textContent,
        saves: onSetAlt.mock.calls.length,
      }).toEqual({ message: 'Alt text is required: describe what the photo shows.', saves: 0 })
    })

    it('should show why a save failed', async () => {
      renderPage({ onSetAlt: () => Promise.reject(new Error('Could not save photoLibrary.')) })
      await act(async () => {
        fireEvent.click(card('opening-day.jpg').getByRole('button', { name: 'Save alt text' }))
      })
      expect(card('opening-day.jpg').getByRole('status').textContent).toBe(
        'Could not save photoLibrary.',
      )
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
      expect(usage.mock.calls).toEqual([[entries[1]]])
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

  describe('paging', () => {
    it('should go to the next page', () => {
      const { onPageChange } = renderPage({ page: 1, pageCount: 3 })
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
      expect(onPageChange.mock.calls).toEqual([[2]])
    })

    it('should go to the previous page', () => {
      const { onPageChange } = renderPage({ page: 1, pageCount: 3 })
      fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
      expect(onPageChange.mock.calls).toEqual([[0]])
    })

    it('should not go before the first page or past the last', () => {
      renderPage({ page: 0, pageCount: 1 + 1 })
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
      expect([
        (screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled,
        screen.getByText('Page 1 of 2').tagName,
      ]).toEqual([true, 'SPAN'])
    })

    it('should hide the pager when there is one page', () => {
      renderPage()
      expect(screen.queryByRole('navigation', { name: 'Photo library pages' })).toBeNull()
    })
  })
})
