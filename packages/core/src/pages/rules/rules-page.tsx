import { Fragment, useRef } from 'react'

import { WEATHER_POLICY } from '../../club/club-facts.ts'
import { EditableRegion, EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import type { FaqItem, RulesAndFaqContent } from '../../entities/rules-and-faq.ts'
import { slugify } from '../../entities/slug.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { ShowMore, usePaging } from '../shared/paged-list.tsx'
import { SmartLink } from '../shared/smart-link.tsx'
import { TitledSection } from '../shared/titled-section.tsx'
import { storedItem } from '../shared/stored-item.ts'
import type { WeatherPolicyFacts } from '../weather-policy/weather-policy-details.tsx'
import { WeatherPolicyDetails } from '../weather-policy/weather-policy-details.tsx'
import './rules-page.css'
import { paths } from '../../routing/public-paths.ts'

const CONTENT_KEY = 'rulesAndFaqContent'

/** The four rule books, in display order, with the anchor each gets. */
const RULE_SECTIONS = [
  { key: 'general', id: 'general-rules' },
  { key: 'recreation', id: 'recreation-rules' },
  { key: 'select', id: 'select-rules' },
  { key: 'softball', id: 'softball-rules' },
] as const

/** Questions of a FAQ group shown at first, and added by each "Show more". */
export const FAQ_PAGE_SIZE = 15

// A link to a question (`/rules#faq-item-…`) reveals it, when its group shows only a first page.
const faqItemId = (item: FaqItem) => `faq-item-${item.id}`

/** Props of {@link RulesPage}. */
export type RulesPageProps = {
  /** `rulesAndFaqContent`. */
  content: RulesAndFaqContent
  /** The weather policy's fixed rules; the club's constants by default. */
  weatherFacts?: WeatherPolicyFacts
}

/** A FAQ group: the stored category, how it reads as a heading, and its items in stored order. */
export type FaqGroup = {
  category: string
  label: string
  id: string
  items: { item: FaqItem; index: number }[]
}

function categoryLabel(category: string): string {
  const words = category.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim()
  if (!words) return 'General'
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function categoryId(category: string): string {
  return `faq-${slugify(category) || 'general'}`
}

/**
 * FAQ items grouped by category, groups in the order their first item appears. Categories that
 * differ only in case or spacing are one group.
 */
export function groupFaq(items: readonly FaqItem[]): FaqGroup[] {
  const groups = new Map<string, FaqGroup>()
  items.forEach((item, index) => {
    const id = categoryId(item.category)
    let group = groups.get(id)
    if (!group) {
      group = { category: item.category, label: categoryLabel(item.category), id, items: [] }
      groups.set(id, group)
    }
    group.items.push({ item, index })
  })
  return [...groups.values()]
}

/**
 * A question an editor adds to a group: a placeholder to type over, in the group's category so
 * that it shows in the group where it was added (at its end).
 */
export function newFaqItem(category: string): FaqItem {
  return { id: uniqueId('faq'), question: 'New question', answer: 'Answer', category }
}

/** One group's questions, a page at a time; in edit mode they can be added, moved and removed. */
function FaqGroupItems({ group }: { group: FaqGroup }) {
  const list = useRef<HTMLDivElement>(null)
  const paging = usePaging({
    items: group.items,
    pageSize: FAQ_PAGE_SIZE,
    anchorOf: ({ item }) => faqItemId(item),
    listRef: list,
  })
  return (
    <>
      <EditableList
        as="div"
        ref={list}
        // A closed <details> hides all but its summary: the item's controls sit outside it.
        itemAs={Fragment}
        contentKey={CONTENT_KEY}
        path={['faq', 'items']}
        items={paging.visible}
        itemKey={({ item }) => item.id}
        itemLabel={({ item }) => item.question}
        // A group shows some of the stored items: each knows its own stored index.
        storedIndex={({ index }) => index}
        newItem={() => newFaqItem(group.category)}
        renderItem={({ item, index }) => {
          const stored = storedItem(CONTENT_KEY, ['faq', 'items', index], item)
          return (
            <details id={faqItemId(item)} className="faq__item">
              <summary>
                <EditableText
                  // Typed in a span of its own: a summary that is itself the field takes the
                  // Space key to open and close, and the words run together.
                  as={Fragment}
                  {...stored.text('question')}
                />
              </summary>
              <EditableText as="p" className="faq__answer" {...stored.text('answer')} />
            </details>
          )
        }}
      />
      <ShowMore paging={paging} noun={`questions in ${group.label}`} />
    </>
  )
}

/** /rules (and /rules-faq): the rule books, the rules committee, the FAQ and the weather policy. */
export function RulesPage({ content, weatherFacts = WEATHER_POLICY }: RulesPageProps) {
  const { committee, faq } = content
  const contactLink = faq.contactLink || paths.contact()
  const stored = storedItem(CONTENT_KEY, [], content)
  const storedFaq = storedItem(CONTENT_KEY, ['faq'], faq)
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <EditableText as="h1" {...stored.text('title')} />
          {content.subtitle && <EditableText as="p" {...stored.text('subtitle')} />}
        </div>
      </section>

      <nav className="container rules-toc" aria-label="On this page">
        <ul>
          {RULE_SECTIONS.map(({ key, id }) => (
            <li key={id}>
              <a href={`#${id}`}>{content.rulesSections[key].title}</a>
            </li>
          ))}
          <li>
            <a href="#committee">{committee.title}</a>
          </li>
          <li>
            <a href="#faq">{faq.title}</a>
          </li>
          <li>
            <a href="#weather-policy">Weather Policy</a>
          </li>
        </ul>
      </nav>

      <TitledSection className="section" titleId="rules-heading" title="League rules">
        <div className="grid rules-grid">
          {RULE_SECTIONS.map(({ key, id }) => {
            const section = content.rulesSections[key]
            const storedSection = storedItem(CONTENT_KEY, ['rulesSections', key], section)
            return (
              <section key={id} id={id} className="card rules-card" aria-labelledby={`${id}-title`}>
                <div className="card__body">
                  <EditableText as="h3" id={`${id}-title`} {...storedSection.text('title')} />
                  <EditableList
                    as="ol"
                    className="rules-card__list"
                    {...storedSection.at('rules')}
                    items={section.rules}
                    // Rules are plain strings with no id; their position is their identity.
                    itemKey={(_, index) => String(index)}
                    itemLabel={(_, index) => `${section.title} rule ${index + 1}`}
                    newItem={() => 'New rule'}
                    renderItem={(rule, index) => (
                      <EditableText
                        // The list item is the rule's element, as it is for visitors.
                        as={Fragment}
                        contentKey={CONTENT_KEY}
                        path={['rulesSections', key, 'rules', index]}
                        value={rule}
                      />
                    )}
                  />
                </div>
              </section>
            )
          })}
        </div>
      </TitledSection>

      <TitledSection
        id="committee"
        className="section section--tint"
        titleId="committee-title"
        title={storedItem(CONTENT_KEY, ['committee'], committee).text('title')}
      >
        <ul className="grid committee-list">
          {committee.members.map((member, index) => {
            const storedMember = storedItem(CONTENT_KEY, ['committee', 'members', index], member)
            return (
              <li key={member.id} className="card committee-list__member">
                <EditableText
                  as="p"
                  className="committee-list__name"
                  {...storedMember.text('name')}
                />
                {member.role && (
                  <EditableText
                    as="p"
                    className="committee-list__role"
                    {...storedMember.text('role')}
                  />
                )}
              </li>
            )
          })}
        </ul>
      </TitledSection>

      <TitledSection
        id="faq"
        className="section"
        innerClassName="container faq"
        titleId="faq-title"
        title={storedFaq.text('title')}
      >
        {groupFaq(faq.items).map((group) => (
          <section
            key={group.id}
            id={group.id}
            className="faq__group"
            aria-labelledby={`${group.id}-title`}
          >
            <h3 id={`${group.id}-title`}>{group.label}</h3>
            <FaqGroupItems group={group} />
          </section>
        ))}
        <div className="faq__contact">
          {faq.contactText && <EditableText as="p" {...storedFaq.text('contactText')} />}
          <EditableRegion {...storedFaq.at('contactLink')}>
            <SmartLink to={contactLink} className="btn btn--primary">
              {faq.contactButtonText || 'Contact us'}
            </SmartLink>
          </EditableRegion>
        </div>
      </TitledSection>

      <section
        id="weather-policy"
        className="section section--tint"
        aria-labelledby="weather-policy-title"
      >
        <div className="container rules-weather">
          <h2 id="weather-policy-title">Weather Policy</h2>
          <WeatherPolicyDetails
            policy={content.weatherPolicy}
            facts={weatherFacts}
            headingLevel={3}
            idPrefix="rules-weather"
          />
        </div>
      </section>
    </>
  )
}

/** Head tags of /rules. */
export function rulesMeta(): PageMeta {
  return {
    title: pageTitle('Rules & FAQ'),
    description:
      'League rules for recreation, select and softball, who sits on the rules committee, answers to common family questions, and our weather policy.',
  }
}
