// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { defaultHomeContent } from '../../defaults/home-content.ts'
import { clubContactSchema, type ClubContact } from '../../entities/home-content.ts'
import { HOSTILE_HTML, expectInert, renderPage } from '../../../test-utils/page-test-utils.tsx'
import { ContactPage } from '../contact/contact-page.tsx'
import { DonatePage } from '../donate/donate-page.tsx'
import { SponsorsPage } from '../sponsors/sponsors-page.tsx'
import { phoneHref, shownContact } from './club-contact.ts'

afterEach(cleanup)

const SET: ClubContact = {
  email: 'info@rockcreek-baseball.org',
  phone: '(301) 555-0142',
  mailingAddress: ['PO Box 1952', 'Rockville, MD 20849'],
}
const UNSET: ClubContact = { email: '', phone: '', mailingAddress: [] }

describe('shownContact', () => {
  it('should show nothing for details not stored, empty or on an example domain', () => {
    expect(shownContact(undefined)).toEqual({
      email: '',
      phone: '',
      phoneHref: '',
      mailingAddress: [],
    })
    expect(shownContact({ ...UNSET, mailingAddress: ['  ', ''] }).mailingAddress).toEqual([])
    expect(shownContact({ ...UNSET, email: 'info@example.org' }).email).toBe('')
    // Too few digits to call: not shown as a phone number.
    expect(shownContact({ ...UNSET, phone: '555' }).phone).toBe('')
  })

  it('should give a tel: link of the digits only', () => {
    expect(phoneHref('(301) 555-0142')).toBe('tel:+13015550142')
    expect(phoneHref('+44 20 7946 0958')).toBe('tel:+442079460958')
    expect(phoneHref('555-0142')).toBe('tel:5550142')
    expect(phoneHref('12')).toBe('')
  })

  it('should keep the sample content’s details unset', () => {
    expect(defaultHomeContent.contact).toEqual(UNSET)
  })
})

describe('the contact details schema', () => {
  it('should refuse an email that could add headers to a mailto link', () => {
    const parsed = clubContactSchema.safeParse({
      ...SET,
      email: 'info@club.org?bcc=everyone@club.org',
    })
    expect(parsed.success).toBe(false)
    expect(clubContactSchema.safeParse({ ...SET, email: '"><script>@x.org' }).success).toBe(false)
    expect(clubContactSchema.safeParse(SET).success).toBe(true)
  })

  it('should refuse an address line with a line break or a control character', () => {
    expect(clubContactSchema.safeParse({ ...SET, mailingAddress: ['PO Box\n1'] }).success).toBe(
      false,
    )
    expect(clubContactSchema.safeParse({ ...SET, mailingAddress: ['a\u0000b'] }).success).toBe(
      false,
    )
  })
})

describe('pages with the club’s details set', () => {
  it('should show the email, phone and address on /contact', () => {
    renderPage(<ContactPage contact={SET} />)
    const address = screen.getByRole('region', { name: 'Get in touch' })
    expect(within(address).getByRole('link', { name: SET.email }).getAttribute('href')).toBe(
      `mailto:${SET.email}`,
    )
    expect(within(address).getByRole('link', { name: SET.phone }).getAttribute('href')).toBe(
      'tel:+13015550142',
    )
    expect(address.textContent).toContain('Mailing address')
    expect(address.textContent).toContain('Rockville, MD 20849')
  })

  it('should offer “Email us” with a mailto on /sponsors', () => {
    renderPage(<SponsorsPage contact={SET} />)
    const how = screen.getByRole('region', { name: 'How to become a sponsor' })
    expect(within(how).getAllByRole('listitem')[1]?.textContent).toMatch(/^Email us,/)
    expect(
      within(how)
        .getByRole('link', { name: `Email us at ${SET.email}` })
        .getAttribute('href'),
    ).toBe(`mailto:${SET.email}`)
  })

  it('should say on /donate to whom and where to give by mail', () => {
    renderPage(<DonatePage homeContent={{ ...defaultHomeContent, contact: SET }} />)
    const byMail = screen.getByRole('region', { name: 'Give by mail' })
    expect(byMail.textContent).toMatch(/payable to .+ and mail it to/)
    expect(byMail.textContent).toContain('PO Box 1952')
    expect(byMail.textContent).toContain('Rockville, MD 20849')
  })

  it('should render stored text as text, never as markup', () => {
    const { container } = renderPage(
      <ContactPage contact={{ ...SET, mailingAddress: [HOSTILE_HTML.slice(0, 100)] }} />,
    )
    expectInert(container)
  })
})

describe('pages with the club’s details not set', () => {
  for (const [name, contact] of [
    ['not stored', undefined],
    ['empty', UNSET],
    ['a sample address', { ...UNSET, email: 'sponsors@example.org' }],
  ] as const) {
    it(`should not refer to them (${name})`, () => {
      const sponsors = renderPage(<SponsorsPage contact={contact} />)
      const how = screen.getByRole('region', { name: 'How to become a sponsor' })
      expect(within(how).getAllByRole('listitem')[1]?.textContent).toMatch(/^Send us a message,/)
      expect(sponsors.container.textContent).not.toMatch(/Email us/i)
      expect(sponsors.container.querySelector('a[href^="mailto:"]')).toBeNull()
      expect(within(how).getByRole('link', { name: 'Contact the club' })).toBeTruthy()
      cleanup()

      const donate = renderPage(<DonatePage homeContent={{ ...defaultHomeContent, contact }} />)
      expect(screen.getByRole('heading', { name: 'How to give' })).toBeTruthy()
      expect(donate.container.textContent).not.toMatch(/by mail|payable to|mailing/i)
      cleanup()

      const page = renderPage(<ContactPage contact={contact} />)
      const address = screen.getByRole('region', { name: 'Get in touch' })
      expect(address.textContent).not.toMatch(/Email:|Phone:|Mailing address/)
      expect(page.container.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull()
    })
  }
})
