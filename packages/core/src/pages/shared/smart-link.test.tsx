// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { SmartLink, isSafeHref, isWebAddress } from './smart-link.tsx'

function renderLink(to: string) {
  return render(
    <MemoryRouter>
      <SmartLink to={to}>Go</SmartLink>
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('SmartLink', () => {
  it('should route site paths through react-router without rel', () => {
    renderLink('/programs#tryouts')
    const link = screen.getByRole('link', { name: 'Go' })
    expect(link.getAttribute('href')).toBe('/programs#tryouts')
    expect(link.getAttribute('rel')).toBeNull()
  })

  it('should give web links noopener noreferrer', () => {
    renderLink('https://example.org/')
    expect(screen.getByRole('link', { name: 'Go' }).getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('should render text only for unsafe or protocol-relative targets', () => {
    for (const to of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      '//evil.example/a',
      '/\\evil.example/b',
      '\\\\evil.example',
      '/%5Cevil.example',
      '/.//evil.example',
      'https://club.example@evil.example/',
      'data:text/html,x',
      'vbscript:msgbox(1)',
    ]) {
      const { container, unmount } = renderLink(to)
      expect(container.querySelector('a')).toBeNull()
      expect(screen.getByText('Go')).toBeTruthy()
      unmount()
    }
  })

  it('should render the address it checked, resolved as a browser reads it', () => {
    renderLink('HTTPS://Example.org/give')
    const link = screen.getByRole('link', { name: 'Go' })
    expect(link.getAttribute('href')).toBe('https://example.org/give')
    expect(link.getAttribute('target')).toBeNull()
  })

  it('should render mail and phone links as plain anchors without rel', () => {
    renderLink('mailto:info@club.example')
    const link = screen.getByRole('link', { name: 'Go' })
    expect(link.getAttribute('href')).toBe('mailto:info@club.example')
    expect(link.getAttribute('rel')).toBeNull()
  })
})

describe('isSafeHref', () => {
  it('should accept site paths, anchors, web, mail and phone links', () => {
    for (const href of [
      '/',
      '#field-status',
      'http://a.b',
      'mailto:a@b.org',
      'tel:+1 301 555 0100',
    ]) {
      expect(isSafeHref(href)).toBe(true)
    }
  })
})

describe('isWebAddress', () => {
  it('should be true only for http and https addresses', () => {
    expect(isWebAddress('https://example.org/give')).toBe(true)
    expect(isWebAddress('HTTP://example.org')).toBe(true)
    for (const href of ['/donate', '#give', 'mailto:a@b.org', '//example.org', 'httpx://a']) {
      expect(isWebAddress(href)).toBe(false)
    }
  })
})
