// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { DONATE_PAGE_TEXT, DonatePage, donateMeta, donationTarget } from './donate-page.tsx'

/** A giving page as a club would store it (not on a domain reserved for examples). */
const GIVING = 'https://give.club-baseball.test/'

describe('DonatePage', () => {
  it('should say the club is a nonprofit community league since 1952', () => {
    renderPage(<DonatePage homeContent={DEFAULT_CONTENT.content} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Donate' })).toBeTruthy()
    expect(
      screen.getByText(/nonprofit community league, run by volunteers since 1952/),
    ).toBeTruthy()
  })

  it('should show what donations fund: fields, equipment and scholarships', () => {
    renderPage(<DonatePage homeContent={DEFAULT_CONTENT.content} />)
    const funds = screen.getByRole('region', { name: 'What your gift funds' })
    expect(
      within(funds)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Fields', 'Equipment', 'Scholarships'])
  })

  it('should give online through the content’s donation link, marked as another site', () => {
    const home = defaultFor('content')
    home.support.donationLink = GIVING
    const { container } = renderPage(<DonatePage homeContent={home} />)
    const links = screen.getAllByRole('link', { name: 'Give online (opens another site)' })
    // One in the hero, one under "How to give".
    expect(links).toHaveLength(2)
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(GIVING)
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    }
    expect(container.querySelector('form')).toBeNull()
    expect(container.querySelector('input')).toBeNull()
  })

  it('should not present the sample’s placeholder giving link as working', () => {
    const sample = DEFAULT_CONTENT.content.support.donationLink ?? ''
    expect(sample).toMatch(/^https:\/\/example\.org\//)
    const { container } = renderPage(<DonatePage homeContent={DEFAULT_CONTENT.content} />)
    expect(screen.queryByRole('link', { name: /^Give online/ })).toBeNull()
    expect(container.querySelector('a[href*="example.org"]')).toBeNull()
    // No word of giving online at all while no giving link is set, only how to give now.
    expect(container.textContent).not.toMatch(/give online|online giving/i)
    const links = screen.getAllByRole('link', { name: 'Contact us to give' })
    expect(links).toHaveLength(2)
    for (const link of links) expect(link.getAttribute('href')).toBe('/contact')
  })

  it('should say how to give by mail, and to whom, from the club’s mailing address', () => {
    const home = defaultFor('content')
    home.contact = {
      email: '',
      phone: '',
      mailingAddress: ['PO Box 1234', 'Rockville, MD 20849'],
    }
    const { container } = renderPage(<DonatePage homeContent={home} />)
    expect(container.textContent).not.toMatch(/give online|online giving/i)
    for (const link of screen.getAllByRole('link', { name: 'Give by mail' }))
      expect(link.getAttribute('href')).toBe('#donate-by-mail')
    const mail = screen.getByRole('region', { name: 'Give by mail' })
    expect(mail.textContent).toContain('Make your check payable to')
    expect(within(mail).getByText('PO Box 1234')).toBeTruthy()
    expect(
      screen.getByText(/^Gifts of any size make a difference\. Send a check by mail/),
    ).toBeTruthy()
  })

  it('should send givers to the contact page when content has no online giving link', () => {
    const home = defaultFor('content')
    home.support.donationLink = ''
    renderPage(<DonatePage homeContent={home} />)
    for (const link of screen.getAllByRole('link', { name: 'Contact us to give' })) {
      expect(link.getAttribute('href')).toBe('/contact')
    }
  })

  it('should use an external donation link from the home Support buttons', () => {
    const home = defaultFor('content')
    delete home.support.donationLink
    home.support.buttons = [
      {
        text: 'Become a Sponsor',
        link: 'https://sponsor.club-baseball.test/',
        variant: 'secondary',
      },
      { text: 'Donate', link: 'https://give.club-baseball.test/club', variant: 'primary' },
    ]
    renderPage(<DonatePage homeContent={home} />)
    const [link] = screen.getAllByRole('link', { name: 'Give online (opens another site)' })
    expect(link?.getAttribute('href')).toBe('https://give.club-baseball.test/club')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('should work without home content', () => {
    renderPage(<DonatePage />)
    expect(screen.getAllByRole('link', { name: 'Contact us to give' }).length).toBeGreaterThan(0)
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(<DonatePage homeContent={DEFAULT_CONTENT.content} />)
    expectHeadingsInOrder(container)
  })

  it('should render hostile text as text', () => {
    const { container } = renderPage(
      <DonatePage text={{ ...DONATE_PAGE_TEXT, howToGiveByAsking: HOSTILE_HTML }} />,
    )
    expectInert(container)
    expect(screen.getByText(HOSTILE_HTML)).toBeTruthy()
  })
})

describe('donationTarget', () => {
  it('should prefer the content’s donation link', () => {
    const home = defaultFor('content')
    home.support.donationLink = GIVING
    expect(donationTarget(home)).toEqual({ link: GIVING, path: ['support', 'donationLink'] })
  })

  it('should mark a placeholder donation link, keeping where it is stored', () => {
    expect(donationTarget(DEFAULT_CONTENT.content)).toEqual({
      link: '/contact',
      path: ['support', 'donationLink'],
      placeholder: true,
    })
    const home = defaultFor('content')
    home.support.donationLink = ''
    home.support.buttons = [
      { text: 'Donate', link: 'https://example.com/give', variant: 'primary' },
    ]
    expect(donationTarget(home)).toEqual({ link: '/contact' })
  })

  it('should point at the content path of the link it found', () => {
    const home = defaultFor('content')
    home.support.donationLink = ''
    home.support.buttons = [
      { text: 'Give today', link: 'https://give.club-baseball.test', variant: 'primary' },
    ]
    expect(donationTarget(home)).toEqual({
      link: 'https://give.club-baseball.test',
      path: ['support', 'buttons', 0, 'link'],
    })
    home.support.buttons = []
    expect(donationTarget(home)).toEqual({ link: '/contact' })
  })
})

describe('donateMeta', () => {
  it('should give a description of 120 to 160 characters', () => {
    const meta = donateMeta()
    expect(meta.title).toBe(`Donate | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
