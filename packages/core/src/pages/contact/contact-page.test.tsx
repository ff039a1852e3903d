// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { CONTACT_PAGE_TEXT, ContactPage, contactMeta } from './contact-page.tsx'
import type { ContactFormsProps } from './contact-page.tsx'

const FORMS: ContactFormsProps = {
  onSubmit: async () => ({ status: 'sent' }),
  programs: [
    { slug: 'tee-ball', name: 'Tee Ball' },
    { slug: 'select', name: 'Select' },
  ],
  requestedProgram: 'tee-ball',
}

describe('ContactPage', () => {
  it('should show no sample email or mailing address as the club’s, but the form', () => {
    const { container } = renderPage(<ContactPage forms={FORMS} />)
    expect(container.textContent).not.toContain('example.org')
    expect(container.querySelector('a[href^="mailto:"]')).toBeNull()
    expect(screen.getByRole('link', { name: 'message form' }).getAttribute('href')).toBe(
      '#contact-form',
    )
    const address = container.querySelector('address') as HTMLElement
    expect(address.textContent).not.toContain('Mailing address')
    expect(address.textContent).not.toMatch(/placeholder|0000/i)
  })

  it('should say who to contact for registration, fields, sponsorship and the rules committee', () => {
    renderPage(<ContactPage forms={FORMS} />)
    const topics = screen.getByRole('region', { name: 'Who to contact' })
    expect(
      within(topics)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Registration', 'Fields', 'Sponsorship and donations', 'Rules committee'])
    const rules = within(topics).getByRole('link', { name: /about Rules committee/ })
    expect(rules.getAttribute('href')).toBe('#contact-form')
  })

  it('should show the club’s own addresses once set', () => {
    renderPage(
      <ContactPage
        text={{
          ...CONTACT_PAGE_TEXT,
          topics: CONTACT_PAGE_TEXT.topics.map((topic) => ({
            ...topic,
            email: `${topic.id}@ourclub.org`,
          })),
        }}
      />,
    )
    const topics = screen.getByRole('region', { name: 'Who to contact' })
    const rules = within(topics).getByRole('link', { name: 'rules@ourclub.org (Rules committee)' })
    expect(rules.getAttribute('href')).toBe('mailto:rules@ourclub.org')
  })

  it('should link to the FAQ on the rules page', () => {
    renderPage(<ContactPage />)
    expect(screen.getByRole('link', { name: 'Read the FAQ' }).getAttribute('href')).toBe(
      '/rules#faq',
    )
  })

  it('should take its words from props', () => {
    renderPage(
      <ContactPage
        text={{ ...CONTACT_PAGE_TEXT, topics: [] }}
        contact={{ email: 'hello@club-baseball.test', phone: '', mailingAddress: [] }}
      />,
    )
    expect(screen.getByRole('link', { name: 'hello@club-baseball.test' })).toBeTruthy()
    expect(screen.queryByText('Rules committee')).toBeNull()
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(<ContactPage />)
    expectHeadingsInOrder(container)
    cleanup()
    expectHeadingsInOrder(renderPage(<ContactPage forms={FORMS} />).container)
  })

  it('should show the contact form and, at #registration-interest, the interest form', () => {
    const { container } = renderPage(<ContactPage forms={FORMS} />, '/contact?program=tee-ball')
    const contact = screen.getByRole('region', { name: 'Send us a message' })
    expect(contact.id).toBe('contact-form')
    expect(within(contact).getByRole('button', { name: 'Send message' })).toBeTruthy()
    const interest = screen.getByRole('region', { name: 'Register your interest' })
    expect(interest.id).toBe('registration-interest')
    expect(container.querySelector('#registration-interest')).toBe(interest)
    const program = within(interest).getByLabelText('Program') as HTMLSelectElement
    expect(program.value).toBe('tee-ball')
  })

  it('should show no forms without a way to send them', () => {
    renderPage(<ContactPage />)
    expect(screen.queryByRole('region', { name: 'Send us a message' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Register your interest' })).toBeNull()
  })

  it('should render hostile text as text', () => {
    const { container } = renderPage(
      <ContactPage
        text={{ ...CONTACT_PAGE_TEXT, intro: HOSTILE_HTML }}
        contact={{ email: '', phone: '', mailingAddress: [HOSTILE_HTML] }}
      />,
    )
    expectInert(container)
    expect(screen.getAllByText(HOSTILE_HTML)).toHaveLength(2)
  })
})

describe('contactMeta', () => {
  it('should give a description of 120 to 160 characters', () => {
    const meta = contactMeta()
    expect(meta.title).toBe(`Contact | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
