import { describe, expect, it } from 'vitest'
import { DEFAULT_CONTENT, defaultFor } from '../defaults/default-content.ts'
import { BACKGROUND_KEYS, CONTENT_KEYS, CONTENT_SCHEMAS, VITAL_KEYS } from './content-keys.ts'
import { isValidDocument, parseDocument, type ContentIssue } from './parse-document.ts'

function parseWithIssues<K extends (typeof CONTENT_KEYS)[number]>(key: K, stored: unknown) {
  const issues: ContentIssue[] = []
  const value = parseDocument(key, stored, DEFAULT_CONTENT[key], (issue) => issues.push(issue))
  return { value, issues }
}

describe('content keys', () => {
  it('should list the 4 vital keys, then the 14 background keys in spec order', () => {
    expect(VITAL_KEYS).toEqual(['content', 'alerts', 'newsPosts', 'legacyStats'])
    expect(BACKGROUND_KEYS).toHaveLength(14)
    expect(CONTENT_KEYS).toEqual([...VITAL_KEYS, ...BACKGROUND_KEYS])
    expect(Object.keys(CONTENT_SCHEMAS).sort()).toEqual([...CONTENT_KEYS].sort())
  })
})

describe('a news post’s document (news/<id>)', () => {
  const sample = DEFAULT_CONTENT.newsPosts[0]!
  it('should read a stored post with its published flag, and refuse the rest of a broken one', () => {
    const key = `news/${sample.id}` as const
    expect(
      parseDocument(key, { ...sample, published: true }, { ...sample, published: false }),
    ).toEqual({ ...sample, published: true })
    expect(isValidDocument(key, { ...sample, published: 'yes' })).toBe(false)
    const issues: ContentIssue[] = []
    const read = parseDocument(
      key,
      { ...sample, title: { html: 'x' }, published: true },
      { ...sample, published: false },
      (issue) => issues.push(issue),
    )
    expect(read.title).toBe(sample.title)
    expect(issues.map((issue) => issue.path)).toEqual([`${key}.title`])
  })
})

describe('parseDocument', () => {
  it('should return the fallback without an issue when nothing is stored', () => {
    const { value, issues } = parseWithIssues('alerts', undefined)
    expect(value).toEqual(DEFAULT_CONTENT.alerts)
    expect(issues).toEqual([])
  })

  it.each(CONTENT_KEYS)('should fall back to the default when %s is wholly malformed', (key) => {
    const isList = Array.isArray(DEFAULT_CONTENT[key])
    for (const stored of [null, 'a string', 42, true, isList ? { 0: 1 } : [[]]]) {
      const { value, issues } = parseWithIssues(key, stored)
      expect(value).toEqual(DEFAULT_CONTENT[key])
      expect(issues.length).toBeGreaterThan(0)
      for (const issue of issues) expect(issue.key).toBe(key)
    }
  })

  it('should keep an empty list when every stored element is malformed', () => {
    // The stored list is the editors' word; showing sample alerts or posts instead would mislead.
    const { value, issues } = parseWithIssues('alerts', [[], 'x', { id: 'only-id' }])
    expect(value).toEqual([])
    expect(issues.map((issue) => issue.path)).toEqual(['alerts[0]', 'alerts[1]', 'alerts[2]'])
  })

  it('should drop one malformed news post, keep the rest, and report it once', () => {
    const stored = defaultFor('newsPosts') as unknown[]
    stored.splice(1, 0, { id: 'broken', title: 'No slug, no date' })
    const { value, issues } = parseWithIssues('newsPosts', stored)
    expect(value.map((post) => post.id)).toEqual(DEFAULT_CONTENT.newsPosts.map((post) => post.id))
    expect(issues).toEqual([
      {
        key: 'newsPosts',
        path: 'newsPosts[1]',
        segments: [1],
        action: 'dropped',
        reason: expect.any(String),
        count: 1,
      },
    ])
  })

  it('should drop one malformed block of a post and name it by path', () => {
    const stored = defaultFor('newsPosts')
    const post = stored[3]!
    ;(post.content as unknown[])[2] = { id: 'b3', type: 'video', url: 'x' }
    const { value, issues } = parseWithIssues('newsPosts', stored)
    expect(value[3]!.content.map((block) => block.id)).toEqual(['b1', 'b2', 'b4', 'b5'])
    expect(issues.map((issue) => [issue.path, issue.action])).toEqual([
      ['newsPosts[3].content[2]', 'dropped'],
    ])
  })

  it('should drop one malformed roster entry and keep the team', () => {
    const stored = defaultFor('teams')
    const roster = stored['big-train-12u']!.roster as unknown[]
    roster.push({ id: 'walk-on', name: 'Player 16', number: 7, position: 'DH', batsThrows: 'R/R' })
    const { value, issues } = parseWithIssues('teams', stored)
    expect(value['big-train-12u']!.roster).toHaveLength(15)
    expect(Object.keys(value)).toEqual(Object.keys(stored))
    expect(issues.map((issue) => [issue.path, issue.action])).toEqual([
      ['teams["big-train-12u"].roster[15]', 'dropped'],
    ])
  })

  it('should keep a roster entry whose weight was cleared, with the weight unknown', () => {
    const stored = defaultFor('teams')
    const roster = stored['flash-18u']!.roster
    roster.push({ ...roster[0]!, id: 'new-player', number: 98, weight: '' as unknown as number })
    const { value, issues } = parseWithIssues('teams', stored)
    expect(value['flash-18u']!.roster.at(-1)).toMatchObject({ id: 'new-player', weight: null })
    expect(issues.map((issue) => [issue.path, issue.action])).toEqual([
      ['teams["flash-18u"].roster[15].weight', 'neutral'],
    ])
  })

  it('should drop one malformed field and keep the other nine', () => {
    const stored = defaultFor('fieldsContent')
    ;(stored.fields as unknown[])[4] = { id: 'new-field', name: 'Field with no address' }
    const { value, issues } = parseWithIssues('fieldsContent', stored)
    expect(value.fields).toHaveLength(9)
    expect(value.fields.map((field) => field.id)).not.toContain('new-field')
    expect(issues.map((issue) => issue.path)).toEqual(['fieldsContent.fields[4]'])
  })

  it('should drop one malformed FAQ item and alert', () => {
    const faq = defaultFor('rulesAndFaqContent')
    ;(faq.faq.items as unknown[]).push({ id: 'faq-x', question: 7n })
    expect(parseWithIssues('rulesAndFaqContent', faq).issues.map((i) => i.path)).toEqual([
      `rulesAndFaqContent.faq.items[${DEFAULT_CONTENT.rulesAndFaqContent.faq.items.length}]`,
    ])
    const alerts = defaultFor('alerts') as unknown[]
    alerts.push({ ...DEFAULT_CONTENT.alerts[0], id: 'new', startDate: 'next Tuesday' })
    const parsed = parseWithIssues('alerts', alerts)
    expect(parsed.value).toHaveLength(DEFAULT_CONTENT.alerts.length)
    expect(parsed.issues.map((i) => i.path)).toEqual([`alerts[${DEFAULT_CONTENT.alerts.length}]`])
  })

  it('should give a malformed field of the home content its default value', () => {
    const stored = defaultFor('content') as { hero: Record<string, unknown> }
    stored.hero.buttonLink = 'javascript:alert(1)'
    stored.hero.title = 'Our own title'
    const { value, issues } = parseWithIssues('content', stored)
    expect(value.hero.buttonLink).toBe(DEFAULT_CONTENT.content.hero.buttonLink)
    expect(value.hero.title).toBe('Our own title')
    expect(issues.map((issue) => [issue.path, issue.action])).toEqual([
      ['content.hero.buttonLink', 'defaulted'],
    ])
  })

  it('should reject unsafe links and image addresses wherever they appear', () => {
    const stored = defaultFor('newsPosts')
    const unsafe = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example',
      '/"><img src=x onerror=alert(1)>',
    ]
    stored.forEach((post, i) => {
      post.content.push({
        id: 'evil',
        type: 'button',
        colorClass: '" onmouseover="alert(1)',
        text: 'x',
        link: unsafe[i] ?? unsafe[0]!,
        variant: 'primary',
      })
      post.imageUrl = unsafe[(i + 2) % unsafe.length]!
    })
    const { value } = parseWithIssues('newsPosts', stored)
    const text = JSON.stringify(value)
    for (const bad of unsafe) expect(text).not.toContain(JSON.stringify(bad).slice(1, -1))
    expect(value.flatMap((post) => post.content).some((block) => block.id === 'evil')).toBe(false)
  })

  it('should strip unknown fields without reporting them', () => {
    const stored = { ...defaultFor('adminSettings'), theme: 'dark' }
    const { value, issues } = parseWithIssues('adminSettings', stored)
    expect(value).toEqual(DEFAULT_CONTENT.adminSettings)
    expect(issues).toEqual([])
  })

  it('should convert a player number stored as a string', () => {
    const stored = defaultFor('teams')
    const player = stored['select-13u']!.roster[0]!
    const number = player.number
    ;(player as { number: unknown }).number = String(number)
    const { value, issues } = parseWithIssues('teams', stored)
    expect(value['select-13u']!.roster[0]!.number).toBe(number)
    expect(issues.map((issue) => issue.action)).toEqual(['coerced'])
  })

  it('should fill a missing program page from the default', () => {
    const stored = defaultFor('programsContent') as Partial<typeof DEFAULT_CONTENT.programsContent>
    delete stored['big-train']
    const { value, issues } = parseWithIssues('programsContent', stored)
    expect(value['big-train']).toEqual(DEFAULT_CONTENT.programsContent['big-train'])
    expect(issues.map((issue) => issue.path)).toEqual(['programsContent["big-train"]'])
  })

  it('should survive a logger that throws', () => {
    expect(() =>
      parseDocument('alerts', null, DEFAULT_CONTENT.alerts, () => {
        throw new Error('logger down')
      }),
    ).not.toThrow()
  })

  it('should tell a valid document from one that needs repair', () => {
    expect(isValidDocument('staff', DEFAULT_CONTENT.staff)).toBe(true)
    expect(isValidDocument('staff', [{ id: 'x' }])).toBe(false)
  })
})
