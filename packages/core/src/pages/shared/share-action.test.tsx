// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ShareAction } from './share-action.tsx'

const original = { clipboard: navigator.clipboard, share: (navigator as Partial<Navigator>).share }

function setNavigator(values: { clipboard?: unknown; share?: unknown }) {
  Object.defineProperty(navigator, 'clipboard', { value: values.clipboard, configurable: true })
  if (values.share)
    Object.defineProperty(navigator, 'share', { value: values.share, configurable: true })
  else delete (navigator as { share?: unknown }).share
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  Object.defineProperty(navigator, 'clipboard', { value: original.clipboard, configurable: true })
  if (!original.share) delete (navigator as { share?: unknown }).share
})

const url = `${window.location.origin}/news-and-updates/opening-day`

describe('ShareAction', () => {
  it('should copy the page’s address and say so where the browser cannot share', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    setNavigator({ clipboard: { writeText } })
    render(<ShareAction title="Opening Day" path="/news-and-updates/opening-day" />)
    const button = screen.getByRole('button', { name: 'Copy link: Opening Day' })
    vi.useFakeTimers()
    await act(async () => fireEvent.click(button))
    expect(writeText).toHaveBeenCalledWith(url)
    expect(screen.getByRole('status').textContent).toBe('Link copied')
    await act(async () => vi.advanceTimersByTime(4000))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('should show the address selected when the clipboard refuses', async () => {
    setNavigator({ clipboard: { writeText: () => Promise.reject(new Error('denied')) } })
    render(<ShareAction title="Opening Day" path="/news-and-updates/opening-day" />)
    await act(async () => fireEvent.click(screen.getByRole('button')))
    expect(screen.getByRole('status').textContent).toContain('Copy this link:')
    const field = screen.getByRole('textbox', { name: 'Link to this page' }) as HTMLInputElement
    expect(field.value).toBe(url)
    expect(document.activeElement).toBe(field)
  })

  it('should open the share sheet where the browser has one', async () => {
    const share = vi.fn(() => Promise.resolve())
    const writeText = vi.fn(() => Promise.resolve())
    setNavigator({ clipboard: { writeText }, share })
    render(<ShareAction title="Flash 18U" path="/programs/flash-softball/18u" />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share: Flash 18U' })))
    expect(share).toHaveBeenCalledWith({
      title: 'Flash 18U',
      url: `${window.location.origin}/programs/flash-softball/18u`,
    })
    expect(writeText).not.toHaveBeenCalled()
    expect(screen.getByRole('status').textContent).toBe('')
  })
})
