import { describe, expect, it } from 'vitest'

import { alertSchema } from '../../entities/alert.ts'
import { newsPostSchema } from '../../entities/news-post.ts'
import {
  alertMessageOf,
  announcementSlug,
  composeAnnouncement,
  newAnnouncementForm,
  paragraphsOf,
  summaryOf,
  validateAnnouncement,
} from './announcement-form.ts'
import type { AnnouncementForm } from './announcement-form.ts'

const NOW = new Date('2026-12-01T15:00:30.000Z')

function values(overrides: Partial<AnnouncementForm> = {}): AnnouncementForm {
  return {
    ...newAnnouncementForm(NOW),
    title: 'Tryouts Moved Indoors',
    text: 'Saturday’s tryouts move to the Bethesda gym.\n\nBring indoor shoes.',
    ...overrides,
  }
}

/** Ids in order, so composed documents can be compared whole. */
function counter() {
  let n = 0
  return (prefix: string) => `${prefix}-${++n}`
}

describe('newAnnouncementForm', () => {
  it('should start on the minute and show its alert for a week on every page', () => {
    const fresh = newAnnouncementForm(NOW)
    expect(fresh.startsAt).toBe('2026-12-01T15:00:00.000Z')
    expect(fresh.endsAt).toBe('2026-12-08T15:00:00.000Z')
    expect(fresh.targetPage).toBe('')
    expect(fresh.title).toBe('')
  })
})

describe('paragraphsOf and summaryOf', () => {
  it('should split paragraphs at empty lines and join the lines inside one', () => {
    expect(paragraphsOf('One\nline.\n\n\n  Two.  \n\n')).toEqual(['One line.', 'Two.'])
  })

  it('should cut a long first paragraph at a word, marking the cut', () => {
    expect(summaryOf('Fields are closed today because of rain.', 20)).toBe('Fields are closed…')
    expect(summaryOf('Short.\n\nSecond paragraph.', 20)).toBe('Short.')
  })

  it('should take the alert text when one is given, else the start of the post', () => {
    expect(alertMessageOf({ alertMessage: '  Gym tryouts Saturday. ', text: 'Long text' })).toBe(
      'Gym tryouts Saturday.',
    )
    expect(alertMessageOf({ alertMessage: '', text: 'First.\n\nSecond.' })).toBe('First.')
  })
})

describe('announcementSlug', () => {
  it('should make the address from the title, unused by other posts', () => {
    expect(announcementSlug('Tryouts Moved Indoors!', [])).toBe('tryouts-moved-indoors')
    expect(announcementSlug('Tryouts Moved Indoors', [{ slug: 'tryouts-moved-indoors' }])).toBe(
      'tryouts-moved-indoors-2',
    )
  })

  it('should fall back to a plain address for a title without letters', () => {
    expect(announcementSlug('!!!', [])).toBe('announcement')
  })
})

describe('validateAnnouncement', () => {
  it('should accept a titled announcement with text and dates in order', () => {
    expect(validateAnnouncement(values())).toEqual({})
  })

  it('should ask for a title and a text', () => {
    expect(validateAnnouncement(values({ title: '  ', text: '\n\n' }))).toEqual({
      title: 'Give the announcement a title.',
      text: 'Write what families need to know.',
    })
  })

  it('should refuse an end before the start, and missing dates', () => {
    expect(validateAnnouncement(values({ endsAt: '2026-11-30T15:00:00.000Z' })).endsAt).toBe(
      'The end must be after the start.',
    )
    expect(validateAnnouncement(values({ startsAt: '' })).startsAt).toBe('Choose when it starts.')
  })

  it('should refuse a title over the stored limit and an unknown target page', () => {
    const errors = validateAnnouncement(
      values({ title: 'x'.repeat(301), targetPage: 'not a page!' }),
    )
    expect(errors.title).toBe('Keep the title to 300 characters.')
    expect(errors.targetPage).toBe('Choose a page from the list.')
  })
})

describe('composeAnnouncement', () => {
  it('should make a news post and an alert that links to it', () => {
    const { post, alert } = composeAnnouncement(
      values({ author: ' Club Staff ', targetPage: '/fields', isPinned: true, type: 'urgent' }),
      { posts: [], newId: counter() },
    )
    expect(post).toEqual({
      id: 'post-1',
      slug: 'tryouts-moved-indoors',
      title: 'Tryouts Moved Indoors',
      cardTitle: '',
      author: 'Club Staff',
      date: '2026-12-01',
      imageUrl: '',
      cardImageUrl: '',
      excerpt: 'Saturday’s tryouts move to the Bethesda gym.',
      cardExcerpt: '',
      showInCarousel: false,
      content: [
        {
          id: 'block-2',
          type: 'paragraph',
          colorClass: '',
          text: 'Saturday’s tryouts move to the Bethesda gym.',
        },
        { id: 'block-3', type: 'paragraph', colorClass: '', text: 'Bring indoor shoes.' },
      ],
    })
    expect(alert).toEqual({
      id: 'alert-4',
      alert_category: 'general',
      status_type: null,
      type: 'urgent',
      title: 'Tryouts Moved Indoors',
      message: 'Saturday’s tryouts move to the Bethesda gym.',
      startDate: '2026-12-01T15:00:00.000Z',
      endDate: '2026-12-08T15:00:00.000Z',
      isActive: true,
      isPinned: true,
      link: '/news-and-updates/tryouts-moved-indoors',
      linkText: 'Read more',
      targetPage: '/fields',
    })
    expect(newsPostSchema.safeParse(post).success).toBe(true)
    expect(alertSchema.safeParse(alert).success).toBe(true)
  })

  it('should date the post by the club’s calendar, not UTC', () => {
    // 02:00 UTC on December 2 is still December 1 in Maryland.
    const { post } = composeAnnouncement(
      values({ startsAt: '2026-12-02T02:00:00.000Z', endsAt: '2026-12-03T02:00:00.000Z' }),
      { posts: [] },
    )
    expect(post.date).toBe('2026-12-01')
  })

  it('should show the alert on several pages when several are chosen', () => {
    const { alert } = composeAnnouncement(
      values({ targetPage: '/fields', morePages: ['/programs/big-train/12u', '/fields'] }),
      { posts: [] },
    )
    expect(alert).toMatchObject({ targetPage: '/fields', morePages: ['/programs/big-train/12u'] })
    expect(
      validateAnnouncement(values({ targetPage: '/fields', morePages: ['no page!'] })),
    ).toEqual({ targetPage: 'Choose a page from the list.' })
  })

  it('should leave out the target page when the alert shows everywhere', () => {
    const { alert } = composeAnnouncement(values(), { posts: [] })
    expect(alert).not.toHaveProperty('targetPage')
  })

  it('should give the post an address no other post has', () => {
    const { post, alert } = composeAnnouncement(values(), {
      posts: [{ slug: 'tryouts-moved-indoors' }],
    })
    expect(post.slug).toBe('tryouts-moved-indoors-2')
    expect(alert.link).toBe('/news-and-updates/tryouts-moved-indoors-2')
  })

  it('should refuse values that are not valid', () => {
    expect(() => composeAnnouncement(values({ title: '' }), { posts: [] })).toThrow(
      'Give the announcement a title.',
    )
  })
})
