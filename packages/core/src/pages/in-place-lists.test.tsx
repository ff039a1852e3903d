// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT as D, defaultFor } from '../defaults/default-content.ts'
import type { Alumni } from '../entities/alumni.ts'
import type { NewsPost } from '../entities/news-post.ts'
import type { ProgramsContent } from '../entities/program-content.ts'
import type { FaqItem, RulesAndFaqContent } from '../entities/rules-and-faq.ts'
import type { Teams } from '../entities/team.ts'
import { renderEditingPage as editing } from '../../test-utils/editing-harness.tsx'
import { AboutPage } from './about/about-page.tsx'
import { AlumniPage } from './alumni/alumni-page.tsx'
import { FieldsPage } from './fields/fields-page.tsx'
import { NewsArticlePage } from './news-article/news-article-page.tsx'
import { ProgramPage } from './program/program-page.tsx'
import { RulesPage } from './rules/rules-page.tsx'
import { TeamPage } from './team/team-page.tsx'

/*
 * The lists the pages hand to EditableList, in edit mode with the real editors: what each
 * change saves, in the stored document (the pages' own shapes: groups, pages of a list).
 */

afterEach(cleanup)

const now = new Date('2026-11-23T15:00:00Z')

describe('FAQ items in edit mode', () => {
  const faq = (id: string, category: string): FaqItem => ({
    id,
    question: `Question ${id}`,
    answer: 'Answer',
    category,
  })
  const docs = () => {
    const content = defaultFor('rulesAndFaqContent')
    content.faq.items = [faq('g1', 'general'), faq('w1', 'weather'), faq('g2', 'general')]
    return { rulesAndFaqContent: content }
  }
  const ids = (d: Record<string, unknown>) =>
    (d.rulesAndFaqContent as RulesAndFaqContent).faq.items.map((item) => item.id)
  const page = (d: Record<string, unknown>) => (
    <RulesPage content={d.rulesAndFaqContent as RulesAndFaqContent} />
  )

  it('should move a question up within its group, past another group’s question', () => {
    const { docs: saved } = editing(docs(), page)
    fireEvent.click(screen.getByRole('button', { name: 'Move Question g2 up' }))
    expect(ids(saved)).toEqual(['g2', 'g1', 'w1'])
  })

  it('should add a question to the group whose Add button was pressed', () => {
    const { docs: saved } = editing(docs(), page)
    const weather = screen.getByRole('region', { name: 'Weather' })
    fireEvent.click(within(weather).getByRole('button', { name: 'Add to faq items' }))
    const added = (saved.rulesAndFaqContent as RulesAndFaqContent).faq.items.at(-1)
    expect([added?.category, added?.question]).toEqual(['weather', 'New question'])
    expect(within(weather).getByText('New question')).toBeTruthy()
  })

  it('should type a question in a field inside its summary, not in the summary itself', () => {
    editing(docs(), page)
    const field = screen.getByRole('textbox', { name: 'Edit faq items item 2 question' })
    expect([field.tagName, field.parentElement?.tagName]).toEqual(['SPAN', 'SUMMARY'])
  })

  it('should keep each question’s controls outside its closed details', () => {
    editing(docs(), page)
    const handle = screen.getByRole('button', { name: 'Drag Question w1' })
    expect(handle.closest('details')).toBeNull()
  })
})

describe('article blocks in edit mode', () => {
  const post = D.newsPosts.find((p) => p.content.length >= 2) as NewsPost
  // Each post is a document of its own: its edits go there.
  const key = `news/${post.id}`
  const page = (d: Record<string, unknown>) => (
    <NewsArticlePage post={d[key] as NewsPost} postKey={key} newest={[]} />
  )
  const blockIds = (d: Record<string, unknown>) =>
    (d[key] as NewsPost | undefined)?.content.map((block) => block.id)

  it('should add a paragraph at the end of the article', () => {
    const { docs: saved } = editing({ [key]: { ...post, published: true } }, page)
    fireEvent.click(screen.getByRole('button', { name: /^Add to .*content$/ }))
    const added = (saved[key] as NewsPost).content.at(-1)
    expect([added?.type, (saved[key] as NewsPost).content.length]).toEqual([
      'paragraph',
      post.content.length + 1,
    ])
  })

  it('should move the second block above the first', () => {
    const { docs: saved } = editing({ [key]: { ...post, published: true } }, page)
    const [first, second] = post.content
    fireEvent.click(screen.getByRole('button', { name: /^Move \S+ 2(:.*)? up$/ }))
    expect(blockIds(saved)?.slice(0, 2)).toEqual([second?.id, first?.id])
  })
})

describe('roster entries in edit mode', () => {
  const teamKey = Object.keys(D.teams).find((key) => (D.teams[key]?.roster.length ?? 0) > 1)!
  const page = (d: Record<string, unknown>) => (
    <TeamPage teamKey={teamKey} teams={d.teams as Teams} staff={D.staff} now={now} />
  )

  it('should add a player wearing a number nobody on the team wears', () => {
    const { docs: saved } = editing({ teams: defaultFor('teams') }, page)
    fireEvent.click(screen.getByRole('button', { name: `Add to ${teamKey} roster` }))
    const roster = (saved.teams as Teams)[teamKey]?.roster ?? []
    const added = roster.at(-1)
    expect(added?.name).toBe('New player')
    expect(roster.filter((player) => player.number === added?.number)).toHaveLength(1)
  })

  it('should remove a player once confirmed', () => {
    const { docs: saved } = editing({ teams: defaultFor('teams') }, page)
    const first = D.teams[teamKey]!.roster[0]!
    const label = `${first.name}, number ${first.number}`
    fireEvent.click(screen.getByRole('button', { name: `Remove ${label}` }))
    fireEvent.click(screen.getByRole('button', { name: `Remove ${label}?` }))
    expect((saved.teams as Teams)[teamKey]?.roster.map((p) => p.id)).not.toContain(first.id)
  })
})

describe('tryout teams and dates in edit mode', () => {
  const slug = 'select'
  const page = (d: Record<string, unknown>) => (
    <ProgramPage
      slug={slug}
      programsContent={d.programsContent as ProgramsContent}
      staff={D.staff}
      teams={D.teams}
    />
  )
  const tryouts = (d: Record<string, unknown>) =>
    (d.programsContent as ProgramsContent)[slug]?.tryouts

  it('should add the first date to a team whose dates are to be announced', () => {
    const content = defaultFor('programsContent')
    content[slug]!.tryouts!.teams[1]!.dates = []
    const { docs: saved } = editing({ programsContent: content }, page)
    expect(screen.getByText('Dates to be announced.')).toBeTruthy()
    fireEvent.click(
      screen.getByRole('button', { name: `Add to ${slug} tryouts teams item 2 dates` }),
    )
    expect(tryouts(saved)?.teams[1]?.dates).toEqual(['Day, date and time'])
  })

  it('should type a date in place in its list item', () => {
    editing({ programsContent: defaultFor('programsContent') }, page)
    const field = screen.getByRole('textbox', {
      name: `Edit ${slug} tryouts teams item 1 dates item 1`,
    })
    expect(field.closest('li')?.parentElement?.className).toBe('program-tryouts__dates')
  })

  it('should move a team down', () => {
    const { docs: saved } = editing({ programsContent: defaultFor('programsContent') }, page)
    const [first, second] = D.programsContent[slug]!.tryouts!.teams
    fireEvent.click(screen.getByRole('button', { name: `Move ${first!.name} down` }))
    expect(tryouts(saved)?.teams.map((team) => team.id)).toEqual([second!.id, first!.id])
  })

  it('should offer an Add button while the program lists no tryout teams', () => {
    const content = defaultFor('programsContent')
    content[slug]!.tryouts!.teams = []
    const { docs: saved } = editing({ programsContent: content }, page)
    fireEvent.click(screen.getByRole('button', { name: `Add to ${slug} tryouts teams` }))
    expect(tryouts(saved)?.teams.map((team) => team.name)).toEqual(['New team'])
  })
})

describe('slider images in edit mode', () => {
  it('should give every slide its controls, including those a visitor sees later', () => {
    editing({ aboutContent: defaultFor('aboutContent') }, (d) => (
      <AboutPage aboutContent={d.aboutContent as typeof D.aboutContent} />
    ))
    const count = D.aboutContent.slider.images.length
    // Visitors see one slide at a time (the others hidden); in edit mode the slider's CSS
    // shows them all, so every slide carries its own controls.
    expect(screen.getAllByRole('button', { name: /^Drag Photo \d+/, hidden: true })).toHaveLength(
      count,
    )
  })

  it('should add a photo to the Facilities slider', () => {
    const { docs: saved } = editing({ fieldsContent: defaultFor('fieldsContent') }, (d) => (
      <FieldsPage fieldsContent={d.fieldsContent as typeof D.fieldsContent} />
    ))
    fireEvent.click(screen.getByRole('button', { name: 'Add to slider images' }))
    const images = (saved.fieldsContent as typeof D.fieldsContent).sliderImages
    expect([images.length, images.at(-1)?.alt]).toEqual([
      D.fieldsContent.sliderImages.length + 1,
      'New photo',
    ])
  })

  it('should move the second About photo first', () => {
    const { docs: saved } = editing({ aboutContent: defaultFor('aboutContent') }, (d) => (
      <AboutPage aboutContent={d.aboutContent as typeof D.aboutContent} />
    ))
    const [first, second] = D.aboutContent.slider.images
    fireEvent.click(screen.getByRole('button', { name: /^Move Photo 2(:.*)? up$/, hidden: true }))
    expect(
      (saved.aboutContent as typeof D.aboutContent).slider.images.slice(0, 2).map((i) => i.id),
    ).toEqual([second?.id, first?.id])
  })
})

describe('college commitments in edit mode', () => {
  const page = (d: Record<string, unknown>) => <AlumniPage alumni={d.alumni as Alumni} />

  it('should add the first commitment while none is listed', () => {
    const { docs: saved } = editing({ alumni: { mlbDraftPicks: [], collegeCommits: [] } }, page)
    expect(screen.getByText('No college commitments are listed yet.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add to college commits' }))
    expect((saved.alumni as Alumni).collegeCommits.map((c) => c.name)).toEqual(['New player'])
  })

  it('should move a commitment down', () => {
    const { docs: saved } = editing({ alumni: defaultFor('alumni') }, page)
    const [first, second] = D.alumni.collegeCommits
    const commits = screen.getByRole('region', { name: 'College commitments' })
    fireEvent.click(within(commits).getByRole('button', { name: `Move ${first!.name} down` }))
    expect((saved.alumni as Alumni).collegeCommits.slice(0, 2).map((c) => c.id)).toEqual([
      second!.id,
      first!.id,
    ])
  })
})

describe('plain-text lists in edit mode', () => {
  it('should add a rule to a rule book, typed in its own list item', () => {
    const { docs: saved } = editing(
      { rulesAndFaqContent: defaultFor('rulesAndFaqContent') },
      (d) => <RulesPage content={d.rulesAndFaqContent as RulesAndFaqContent} />,
    )
    const general = D.rulesAndFaqContent.rulesSections.general
    fireEvent.click(screen.getByRole('button', { name: 'Add to rules sections general rules' }))
    const rules = (saved.rulesAndFaqContent as RulesAndFaqContent).rulesSections.general.rules
    expect([rules.length, rules.at(-1)]).toEqual([general.rules.length + 1, 'New rule'])
    const field = screen.getByRole('textbox', {
      name: `Edit rules sections general rules item ${general.rules.length + 1}`,
    })
    expect(field.parentElement?.tagName).toBe('LI')
  })

  it('should move a community the About page lists', () => {
    const { docs: saved } = editing({ aboutContent: defaultFor('aboutContent') }, (d) => (
      <AboutPage aboutContent={d.aboutContent as typeof D.aboutContent} />
    ))
    const [first, second] = D.aboutContent.communities
    fireEvent.click(screen.getByRole('button', { name: `Move ${second} up` }))
    expect((saved.aboutContent as typeof D.aboutContent).communities.slice(0, 2)).toEqual([
      second,
      first,
    ])
  })

  it('should remove a team highlight once confirmed', () => {
    const teamKey = Object.keys(D.teams).find(
      (key) => (D.teams[key]?.teamPageContent.highlights?.length ?? 0) > 0,
    )!
    const [highlight] = D.teams[teamKey]!.teamPageContent.highlights!
    const { docs: saved } = editing({ teams: defaultFor('teams') }, (d) => (
      <TeamPage teamKey={teamKey} teams={d.teams as Teams} staff={D.staff} now={now} />
    ))
    fireEvent.click(screen.getByRole('button', { name: `Remove ${highlight}` }))
    fireEvent.click(screen.getByRole('button', { name: `Remove ${highlight}?` }))
    expect((saved.teams as Teams)[teamKey]?.teamPageContent.highlights).not.toContain(highlight)
  })
})

describe('roster rows in edit mode', () => {
  it('should keep only cells in each row, the controls inside a cell of their own', () => {
    const teamKey = Object.keys(D.teams)[0]!
    editing({ teams: defaultFor('teams') }, (d) => (
      <TeamPage teamKey={teamKey} teams={d.teams as Teams} staff={D.staff} now={now} />
    ))
    const row = screen.getAllByRole('row').find((r) => r.hasAttribute('data-edit-item'))!
    // A cell given another role (a group) would leave the row holding something not a cell.
    const roles = [...row.children].map((cell) => cell.getAttribute('role') ?? cell.tagName)
    expect(roles.filter((role) => !['cell', 'rowheader', 'TD', 'TH'].includes(role))).toEqual([])
    expect(within(row).getByRole('group').parentElement?.tagName).toBe('TD')
  })
})
