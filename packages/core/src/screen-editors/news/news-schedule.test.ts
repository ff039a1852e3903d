import { describe, expect, it } from 'vitest'

import type { NewsDraft } from '../../entities/news-post.ts'
import { newsDraftSchema } from '../../entities/news-post.ts'
import {
  asDraft,
  checkScheduleInput,
  draftState,
  hasDue,
  nextDueAt,
  publishedNow,
  scheduled,
  stateLabel,
} from './news-schedule.ts'

const post = (id: string, extra: Partial<NewsDraft> = {}): NewsDraft => ({
  id,
  slug: id,
  title: id,
  cardTitle: '',
  author: '',
  date: '2026-01-01',
  imageUrl: '',
  cardImageUrl: '',
  excerpt: '',
  cardExcerpt: '',
  showInCarousel: false,
  content: [],
  ...extra,
})

describe('news drafts and schedules', () => {
  it('should tell a draft from a scheduled post', () => {
    expect(draftState(post('a'))).toBe('draft')
    expect(draftState(post('b', { publishAt: '2026-06-01T12:00:00.000Z' }))).toBe('scheduled')
  })

  it('should find the next time a post falls due, and whether one is due now', () => {
    const drafts = [
      post('draft'),
      post('june', { publishAt: '2026-06-01T12:00:00.000Z' }),
      post('may', { publishAt: '2026-05-01T12:00:00-04:00' }),
    ]
    expect(nextDueAt(drafts)).toBe(Date.parse('2026-05-01T16:00:00.000Z'))
    expect(nextDueAt([post('draft')])).toBeUndefined()
    expect(hasDue(drafts, Date.parse('2026-05-01T15:59:59.999Z'))).toBe(false)
    expect(hasDue(drafts, Date.parse('2026-05-01T16:00:00.000Z'))).toBe(true)
    expect(hasDue([post('draft')], Date.now())).toBe(false)
  })

  it("should date a scheduled post on the club's day it appears, and drop the time when it is a draft again", () => {
    // 02:30 UTC on June 2 is still June 1 in the club's zone.
    const next = scheduled(post('a'), '2026-06-02T02:30:00.000Z')
    expect(next).toMatchObject({ date: '2026-06-01', publishAt: '2026-06-02T02:30:00.000Z' })
    expect(asDraft(next)).not.toHaveProperty('publishAt')
    expect(publishedNow(next, new Date('2026-07-04T16:00:00Z'))).toEqual({
      ...asDraft(next),
      date: '2026-07-04',
    })
  })

  it('should store what it schedules in the form the schema (and the database) accepts', () => {
    const next = scheduled(post('a'), '2026-06-02T02:30:00.000Z')
    expect(newsDraftSchema.safeParse(next).success).toBe(true)
    expect(newsDraftSchema.safeParse({ ...next, publishAt: '2026-06-02T02:30' }).success).toBe(
      false,
    )
    expect(newsDraftSchema.safeParse({ ...next, publishAt: 'now' }).success).toBe(false)
  })

  it('should check a typed publish time in club time against now', () => {
    const now = new Date('2026-05-01T12:00:00.000Z')
    expect(checkScheduleInput('2026-06-01T08:00', now)).toEqual({
      ok: true,
      at: '2026-06-01T12:00:00.000Z',
    })
    expect(checkScheduleInput('', now)).toEqual({
      ok: false,
      message: 'Choose the date and time to publish at.',
    })
    expect(checkScheduleInput('2026-05-01T08:00', now)).toMatchObject({ ok: false })
    expect(checkScheduleInput('2026-05-01T08:00', now)).toEqual({
      ok: false,
      message: 'That time has passed. Choose a later one, or Publish now.',
    })
    expect(checkScheduleInput('2026-02-30T08:00', now)).toMatchObject({ ok: false })
  })

  it('should say where a post stands in words', () => {
    expect(stateLabel({ post: post('a'), state: 'published' })).toBe('Published')
    expect(stateLabel({ post: post('a'), state: 'draft' })).toBe('Draft: not on the site')
    expect(
      stateLabel({
        post: post('a', { publishAt: '2026-06-01T12:00:00.000Z' }),
        state: 'scheduled',
      }),
    ).toBe('Scheduled for June 1, 2026, 8:00 AM')
  })
})
