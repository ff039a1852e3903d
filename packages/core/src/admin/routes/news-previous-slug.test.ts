import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { withPreviousSlug } from './news-editor.route.tsx'

describe('withPreviousSlug', () => {
  const stored = DEFAULT_CONTENT.newsPosts[0]!

  it('should keep the old slug when the slug changes', () => {
    const next = withPreviousSlug(stored, { ...stored, slug: 'renamed' })
    expect(next.previousSlugs).toEqual([stored.slug])
  })

  it('should drop a slug taken back, and add nothing when the slug stays', () => {
    const renamed = { ...stored, slug: 'renamed', previousSlugs: [stored.slug] }
    expect(withPreviousSlug(renamed, { ...renamed, slug: stored.slug }).previousSlugs).toEqual([
      'renamed',
    ])
    expect(withPreviousSlug(stored, { ...stored, title: 'New title' })).not.toHaveProperty(
      'previousSlugs',
    )
  })
})
