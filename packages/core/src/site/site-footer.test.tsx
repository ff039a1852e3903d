// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { ClubContact } from '../entities/home-content.ts'
import { renderPage } from '../../test-utils/page-test-utils.tsx'
import SiteFooter from './site-footer.tsx'

const SET: ClubContact = {
  email: 'info@rockcreek-baseball.org',
  phone: '(301) 555-0142',
  mailingAddress: ['PO Box 1952', 'Rockville, MD 20849'],
}
const NO_SOCIAL = { twitter: '', facebook: '', instagram: '' }

describe('SiteFooter', () => {
  it('should show the club’s contact details once set', () => {
    renderPage(<SiteFooter socialLinks={NO_SOCIAL} contact={SET} year={2026} />)
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: SET.email }).getAttribute('href')).toBe(
      `mailto:${SET.email}`,
    )
    expect(within(footer).getByRole('link', { name: SET.phone }).getAttribute('href')).toBe(
      'tel:+13015550142',
    )
    expect(footer.textContent).toContain('PO Box 1952')
  })

  const unset: [string, ClubContact | undefined][] = [
    ['not stored', undefined],
    ['empty', { email: '', phone: '', mailingAddress: [] }],
    ['a sample address', { email: 'info@example.org', phone: '', mailingAddress: [] }],
  ]
  for (const [name, contact] of unset) {
    it(`should not refer to details not set (${name})`, () => {
      const { container } = renderPage(
        <SiteFooter socialLinks={NO_SOCIAL} contact={contact} year={2026} />,
      )
      expect(screen.getByRole('link', { name: 'Staff sign in' })).toBeTruthy()
      expect(container.querySelector('address')).toBeNull()
      expect(container.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull()
    })
  }
})
