// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { EditableImage, EditableText } from '../../editing/editable.tsx'
import type { CollegeCommit } from '../../entities/alumni.ts'
import { storedItem } from './stored-item.ts'

const commit: CollegeCommit = { id: 'c1', name: 'Sam Lee', school: 'State' }

describe('storedItem', () => {
  it('should give a field its stored location and value, the item path followed by the field', () => {
    const stored = storedItem('alumni', ['collegeCommits', 3], commit)
    expect(stored.text('name')).toEqual({
      contentKey: 'alumni',
      path: ['collegeCommits', 3, 'name'],
      value: 'Sam Lee',
    })
    expect(stored.image('school')).toEqual({
      contentKey: 'alumni',
      path: ['collegeCommits', 3, 'school'],
      src: 'State',
    })
    expect(stored.at('id')).toEqual({ contentKey: 'alumni', path: ['collegeCommits', 3, 'id'] })
  })

  it('should render the field it names', () => {
    render(
      <EditableText as="p" {...storedItem('alumni', ['collegeCommits', 0], commit).text('name')} />,
    )
    expect(screen.getByText('Sam Lee').tagName).toBe('P')
  })

  it('should not compile a field the document does not hold at that path', () => {
    // Type checks only (run by `pnpm run typecheck`): each names a place no parse keeps.
    const withNickname = storedItem('alumni', ['collegeCommits', 0], { ...commit, nickname: 'S' })
    const stored = storedItem('alumni', ['collegeCommits', 0], commit)
    // @ts-expect-error: `alt` is no field of a commit, so no image is stored there.
    const alt = stored.image('alt')
    const jsx = [
      // @ts-expect-error: a commit stored in the document has no `nickname` (the next parse strips it).
      <EditableText key="a" {...withNickname.text('nickname')} />,
      <EditableImage key="b" {...alt} alt="" width={1} height={1} />,
    ]
    expect(jsx).toHaveLength(2)
  })
})
