// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { createMemoryRepository } from '../../../test-utils/memory-repository.ts'
import { ContentProvider, obtainContentStore } from '../../content/content-provider.tsx'
import { EditBar, saveStatusText } from './edit-bar.tsx'

afterEach(cleanup)

function renderBar(path = '/admin/edit/fields', liveSiteUrl?: string) {
  const store = obtainContentStore(createMemoryRepository(), { storage: null })
  store.setAccess(true)
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ContentProvider store={store} signedIn isStaff>
        <EditBar liveSiteUrl={liveSiteUrl} />
      </ContentProvider>
    </MemoryRouter>,
  )
}

describe('saveStatusText', () => {
  it('should say Saving… while saving', () => {
    expect(saveStatusText({ status: 'saving', keys: ['content'] }).title).toBe('Saving…')
  })

  it('should give the confirmation once saved', () => {
    expect(saveStatusText({ status: 'saved', keys: ['content'] })).toEqual({
      title: 'Content Saved!',
      detail: 'Your changes are now live across the site.',
    })
  })

  it('should name failed content by its name, never its key', () => {
    expect(saveStatusText({ status: 'error', keys: ['fieldsContent'] }).detail).toBe(
      'Could not save Field status.',
    )
  })

  it('should say it is offline instead of promising saves as you type', () => {
    expect(saveStatusText({ status: 'idle', keys: [] }, false)).toEqual({
      title: 'Offline',
      detail: 'Your changes are kept on this device and saved when the connection is back.',
    })
  })

  it('should name the key that failed', () => {
    expect(saveStatusText({ status: 'error', keys: ['teams'] })).toEqual({
      title: 'Save Error',
      detail: 'Could not save team data.',
    })
  })
})

describe('EditBar', () => {
  it('should say Offline in its status while the browser is offline', async () => {
    renderBar()
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      await act(async () => {
        window.dispatchEvent(new Event('offline'))
      })
      expect(screen.getByRole('region', { name: 'Edit bar' }).textContent).toContain(
        'OfflineYour changes are kept on this device',
      )
    } finally {
      // The prototype's own getter comes back once the instance's is gone.
      delete (navigator as { onLine?: boolean }).onLine
      if (online) window.dispatchEvent(new Event('online'))
    }
  })

  it('should link to the live page of the edited one', () => {
    renderBar()
    expect(screen.getByRole('link', { name: /View live page/ }).getAttribute('href')).toBe(
      '/fields',
    )
  })

  it('should take the live page and its preview from the published site when one is given', () => {
    renderBar('/admin/edit/news-and-updates', 'https://club.example/')
    expect(screen.getByRole('link', { name: /View live page/ }).getAttribute('href')).toBe(
      'https://club.example/news-and-updates',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Phone 390' }))
    expect(screen.getByTitle('Live page at 390 px').getAttribute('src')).toBe(
      'https://club.example/news-and-updates',
    )
  })

  it('should preview the live page at phone width', () => {
    renderBar()
    fireEvent.click(screen.getByRole('button', { name: 'Phone 390' }))
    expect(screen.getByTitle('Live page at 390 px').getAttribute('width')).toBe('390')
  })

  it('should close the preview from Desktop', () => {
    renderBar()
    fireEvent.click(screen.getByRole('button', { name: 'Tablet 768' }))
    fireEvent.click(screen.getByRole('button', { name: 'Desktop' }))
    expect(screen.queryByTitle('Live page at 768 px')).toBeNull()
  })
})
