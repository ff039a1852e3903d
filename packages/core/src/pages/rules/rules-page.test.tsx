// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { FAQ_PAGE_SIZE, groupFaq, RulesPage, rulesMeta } from './rules-page.tsx'

const content = DEFAULT_CONTENT.rulesAndFaqContent

describe('RulesPage', () => {
  it('should show the title and every rule section with its rules', () => {
    renderPage(<RulesPage content={content} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Rules & FAQ' })).toBeTruthy()
    for (const section of Object.values(content.rulesSections)) {
      const heading = screen.getByRole('heading', { level: 3, name: section.title })
      const card = heading.closest('section')
      expect(card).not.toBeNull()
      const items = within(card as HTMLElement).getAllByRole('listitem')
      expect(items.map((item) => item.textContent)).toEqual(section.rules)
    }
  })

  it('should give the sections the ids that links and the hash scroll use', () => {
    const { container } = renderPage(<RulesPage content={content} />)
    for (const id of [
      'general-rules',
      'recreation-rules',
      'select-rules',
      'softball-rules',
      'committee',
      'faq',
      'weather-policy',
    ]) {
      expect(container.querySelector(`#${id}`), id).not.toBeNull()
    }
    expect(container.querySelector('#general-rules')?.textContent).toContain('General Rules')
    expect(container.querySelector('#weather-policy h2')?.textContent).toBe('Weather Policy')
  })

  it('should list the six committee members with their roles', () => {
    const { container } = renderPage(<RulesPage content={content} />)
    const committee = container.querySelector('#committee') as HTMLElement
    expect(
      within(committee).getByRole('heading', { level: 2, name: 'Rules Committee' }),
    ).toBeTruthy()
    const members = within(committee).getAllByRole('listitem')
    expect(members).toHaveLength(6)
    expect(members[0]?.textContent).toContain('N. Ferreira')
    expect(members[0]?.textContent).toContain('Chair')
  })

  it('should group the FAQ by category as disclosures that open', () => {
    const { container } = renderPage(<RulesPage content={content} />)
    const faq = container.querySelector('#faq') as HTMLElement
    const groups = within(faq)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
    expect(groups).toEqual(['Registration', 'Tryouts', 'Weather', 'General'])
    const question = within(faq).getByText('Is there a fee to try out?')
    expect(question.tagName).toBe('SUMMARY')
    const details = question.closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(details.textContent).toContain('$20 nonrefundable fee')
    fireEvent.click(question)
    expect(details.open).toBe(true)
    expect(faq.querySelectorAll('details')).toHaveLength(content.faq.items.length)
  })

  it('should link the FAQ contact button to the contact page', () => {
    renderPage(<RulesPage content={content} />)
    expect(screen.getByText('Still have a question? We are happy to help.')).toBeTruthy()
    const button = screen.getByRole('link', { name: 'Contact Us' })
    expect(button.getAttribute('href')).toBe('/contact')
  })

  it('should fall back to /contact when the contact link is empty', () => {
    const changed = defaultFor('rulesAndFaqContent')
    changed.faq.contactLink = ''
    changed.faq.contactButtonText = ''
    renderPage(<RulesPage content={changed} />)
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact')
  })

  it('should show the weather policy with its sections and fixed rules', () => {
    const { container } = renderPage(<RulesPage content={content} />)
    const weather = container.querySelector('#weather-policy') as HTMLElement
    for (const section of content.weatherPolicy.sections) {
      expect(within(weather).getByRole('heading', { level: 3, name: section.title })).toBeTruthy()
    }
    const text = weather.textContent ?? ''
    expect(text).toContain('3:00 PM on weekdays')
    expect(text).toContain('9:00 AM on weekends')
    expect(text).toContain('Posted by 8:00 AM, and final once posted.')
    expect(text).toContain('15 minutes after the last lightning or thunder')
    expect(text).toContain('No refunds for weather cancellations.')
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(<RulesPage content={content} />)
    expectHeadingsInOrder(container)
  })

  it('should render hostile HTML in weather sections inert and FAQ text as text', () => {
    const hostile = defaultFor('rulesAndFaqContent')
    for (const section of hostile.weatherPolicy.sections) section.content = HOSTILE_HTML
    for (const item of hostile.faq.items) item.answer = HOSTILE_HTML
    for (const rule of Object.values(hostile.rulesSections)) rule.rules = [HOSTILE_HTML]
    const { container } = renderPage(<RulesPage content={hostile} />)
    expectInert(container)
    expect(container.querySelector('#weather-policy img')).toBeNull()
    expect(container.querySelector('#weather-policy')?.textContent).toContain('Hostile')
    expect(screen.getAllByText(HOSTILE_HTML).length).toBeGreaterThan(0)
  })
})

describe('RulesPage with a long FAQ', () => {
  const long = {
    ...content,
    faq: {
      ...content.faq,
      items: Array.from({ length: 100 }, (_, i) => ({
        id: `q${i}`,
        question: `Question ${i}?`,
        answer: `Answer ${i}.`,
        category: 'registration',
      })),
    },
  }

  it('should show a page of questions per group and the rest on request', () => {
    const { container } = renderPage(<RulesPage content={long} />)
    expect(container.querySelectorAll('.faq__item')).toHaveLength(FAQ_PAGE_SIZE)
    fireEvent.click(
      screen.getByRole('button', { name: 'Show 15 more (of 100 questions in Registration)' }),
    )
    expect(container.querySelectorAll('.faq__item')).toHaveLength(FAQ_PAGE_SIZE * 2)
  })

  it('should reveal a question a link points at', () => {
    window.location.hash = '#faq-item-q52'
    try {
      const { container } = renderPage(<RulesPage content={long} />)
      expect(container.querySelector('#faq-item-q52')).not.toBeNull()
      expect(container.querySelectorAll('.faq__item')).toHaveLength(60)
    } finally {
      window.location.hash = ''
    }
  })
})

describe('groupFaq', () => {
  it('should merge categories that differ only in case and keep first-seen order', () => {
    const groups = groupFaq([
      { id: 'a', question: 'A?', answer: 'a', category: 'weather' },
      { id: 'b', question: 'B?', answer: 'b', category: 'Sign-up' },
      { id: 'c', question: 'C?', answer: 'c', category: 'Weather' },
    ])
    expect(groups.map((group) => [group.label, group.items.map(({ item }) => item.id)])).toEqual([
      ['Weather', ['a', 'c']],
      ['Sign up', ['b']],
    ])
  })
})

describe('rulesMeta', () => {
  it('should give a title and a description of 120 to 160 characters', () => {
    const meta = rulesMeta()
    expect(meta.title).toBe(`Rules & FAQ | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
