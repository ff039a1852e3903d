import { describe, expect, it } from 'vitest'

import { defaultAboutContent } from '../../defaults/about-content.ts'
import { defaultAlerts } from '../../defaults/alerts.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { defaultFieldsContent } from '../../defaults/fields-content.ts'
import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import type { Alert } from '../../entities/alert.ts'
import type { Field } from '../../entities/fields-content.ts'
import type { NewsBlock, NewsPost } from '../../entities/news-post.ts'
import type { Teams } from '../../entities/team.ts'
import { toAboutForm, validateAbout } from '../about/about-form.ts'
import { validateAlert } from '../alerts/alert-validation.ts'
import { newAnnouncementForm, validateAnnouncement } from '../announcement/announcement-form.ts'
import { reasonProblem } from '../field-status/field-status-edits.ts'
import { newBlock } from '../news/news-blocks.ts'
import { slugProblem } from '../news/news-slug.ts'
import { validateNewsPost } from '../news/news-validation.ts'
import { emptyPlayerForm, readHeight, readHighSchool, readName } from '../rosters/roster-rules.ts'
import { checkStaff, checkTeams, toTeamsForm } from '../rosters/team-rules.ts'

/*
 * The length limits and their words live on the schemas (entities/); the forms read them from
 * there (schema-errors.ts). Each case is a value over one limit and the exact words its form
 * shows: a message lost from a schema shows zod's own words instead, and fails here.
 */

const long = (length: number) => 'x'.repeat(length)
const alert = defaultAlerts[1] as Alert
const post = defaultNewsPosts[0] as NewsPost
const withBlock = (block: NewsBlock) => ({ ...post, content: [block] })
const blockError = (block: NewsBlock, field: string) =>
  (validateNewsPost(withBlock(block), []).blocks[block.id] as Record<string, string> | undefined)?.[
    field
  ]
const problemOf = (reading: { ok: boolean; problem?: string }) => reading.problem

describe('the length limits a form shows, in the schemas’ words', () => {
  it('should say them on the alerts screen', () => {
    const pages = Array.from({ length: 50 }, (_, index) => `/page-${index}`)
    expect([
      validateAlert({ ...alert, title: long(301) }).title,
      validateAlert({ ...alert, message: long(10_001) }).message,
      validateAlert({ ...alert, link: '/fields', linkText: long(301) }).linkText,
      validateAlert({ ...alert, targetPage: '/fields', morePages: pages }).targetPage,
    ]).toEqual([
      'Keep the title to 300 characters.',
      'Keep the message to 10,000 characters.',
      'Keep the link text to 300 characters.',
      'Choose at most 50 pages, or show it on every page.',
    ])
  })

  it('should say them in the announcement composer', () => {
    const values = newAnnouncementForm(new Date('2026-12-01T15:00:00Z'))
    const pages = Array.from({ length: 50 }, (_, index) => `/page-${index}`)
    const errors = validateAnnouncement({
      ...values,
      title: long(301),
      text: long(10_001),
      alertMessage: long(10_001),
      author: long(301),
      targetPage: '/fields',
      morePages: pages,
    })
    expect(errors).toMatchObject({
      title: 'Keep the title to 300 characters.',
      text: 'Keep the text to 10,000 characters.',
      alertMessage: 'Keep the alert text to 10,000 characters.',
      author: 'Keep the author to 300 characters.',
      targetPage: 'Choose at most 50 pages.',
    })
  })

  it('should say them in the news editor', () => {
    const fields = validateNewsPost(
      {
        ...post,
        title: long(301),
        author: long(301),
        cardTitle: long(301),
        excerpt: long(10_001),
        cardExcerpt: long(10_001),
      },
      [],
    ).fields
    const image = { ...newBlock('image', 'b1'), src: '/images/logo.svg' }
    const list = newBlock('list', 'b1')
    expect([
      fields,
      slugProblem(`a${long(100)}`, []),
      blockError({ ...newBlock('heading2', 'b1'), text: long(301) }, 'text'),
      blockError({ ...newBlock('paragraph', 'b1'), text: long(10_001) }, 'text'),
      blockError({ ...newBlock('button', 'b1'), text: long(301), link: '/' }, 'text'),
      blockError({ ...image, alt: long(301) }, 'alt'),
      blockError({ ...image, alt: 'A', caption: long(301) }, 'caption'),
      blockError({ ...list, items: Array.from({ length: 201 }, () => 'a') }, 'items'),
      blockError({ ...list, items: ['a', long(50_001)] }, 'items'),
      validateNewsPost(
        { ...post, content: Array.from({ length: 501 }, (_, i) => newBlock('heading2', `b${i}`)) },
        [],
      ).fields.post,
    ]).toEqual([
      {
        title: 'Keep the title to 300 characters.',
        author: 'Keep the author to 300 characters.',
        cardTitle: 'Keep the card title to 300 characters.',
        excerpt: 'Keep the summary to 10,000 characters.',
        cardExcerpt: 'Keep the card summary to 10,000 characters.',
      },
      'Keep the address to 100 characters.',
      'Keep a heading to 300 characters.',
      'Keep a paragraph to 10,000 characters.',
      'Keep the button’s words to 300 characters.',
      'Keep the description to 300 characters.',
      'Keep the caption to 300 characters.',
      'Keep a list to 200 items.',
      'Keep each item to 50,000 characters.',
      'A post can hold at most 500 blocks. Remove some, then save again.',
    ])
  })

  it('should say them in the About editor', () => {
    const form = toAboutForm(defaultAboutContent)
    const [section] = form.sections
    const errors = validateAbout({
      sections: [{ ...section!, title: long(301), text: `Short.\n\n${long(10_001)}` }],
      slider: {
        enabled: true,
        images: [{ id: 's1', photo: '/images/logo.svg', alt: long(301), caption: long(301) }],
      },
      communities: [{ id: 'c1', name: long(301) }],
    })
    expect(errors).toEqual({
      sections: {
        [section!.id]: {
          title: 'Keep the title to 300 characters.',
          text: 'Keep each paragraph to 10,000 characters.',
        },
      },
      slides: {
        s1: {
          alt: 'Keep the description to 300 characters.',
          caption: 'Keep the caption to 300 characters.',
        },
      },
      communities: { c1: 'Keep the name to 300 characters.' },
    })
  })

  it('should say them in the rosters and staff editor', () => {
    const teams = toTeamsForm(structuredClone(DEFAULT_CONTENT.teams) as Teams)
    const [key, team] = Object.entries(teams)[0]!
    const roster = Array.from({ length: 201 }, (_, index) => ({
      ...emptyPlayerForm(`p${index}`),
      number: '7',
      name: 'Sam',
      position: 'P',
      batsThrows: 'R/R',
    }))
    const checked = checkTeams({ [key]: { ...team, name: long(301), roster } })
    expect([
      checked.ok
        ? undefined
        : { name: checked.errors[key]?.name, roster: checked.errors[key]?.roster },
      problemOf(readName(long(301))),
      problemOf(readHighSchool(long(301))),
      problemOf(readHeight(long(21))),
      checkStaff([{ id: 's', name: long(301), subtitle: long(301), imageUrl: '' }]).s,
    ]).toEqual([
      {
        name: 'Keep the name to 300 characters.',
        roster: 'A roster holds at most 200 players; this one has 201.',
      },
      'Keep the name to 300 characters.',
      'Keep the school to 300 characters.',
      `Keep the height to 20 characters, such as 5'10".`,
      {
        name: 'Keep the name to 300 characters.',
        subtitle: 'Keep the role line to 300 characters.',
      },
    ])
  })

  it('should say them in the field status editor', () => {
    const field = defaultFieldsContent.fields[0] as Field
    expect(reasonProblem(field, { status: 'closed', statusReason: long(301) })).toBe(
      'Keep the reason to 300 characters.',
    )
  })
})
