import { EditableImage, EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import type { ContentPath } from '../../editing/editing-context.ts'
import type { StaffMember } from '../../entities/staff.ts'
import { storedItem } from '../shared/stored-item.ts'
import { resolveStaff } from './staff.ts'
import './staff-cards.css'

/** Props of {@link StaffCards}. */
export type StaffCardsProps = {
  /** Staff ids in display order (a program's `staff` or a team's `coaches`). */
  ids: readonly string[]
  /** The `staff` document the ids refer to. */
  staff: readonly StaffMember[]
  /** Level of each card's name heading, one below the section's heading. */
  headingLevel?: 3 | 4
  /** Shown when none of the ids names a staff member. */
  emptyText?: string
  /** Where `ids` are stored (a program's `staff`, a team's `coaches`): edit mode reorders and removes the cards there. */
  idsAt: { contentKey: string; path: ContentPath }
}

/**
 * Cards for staff members (photo, name, role line). Ids that name nobody are skipped. The photo
 * has empty alt text because the name is the heading right beside it.
 */
export function StaffCards({
  ids,
  staff,
  headingLevel = 3,
  emptyText = 'Staff will be announced soon.',
  idsAt,
}: StaffCardsProps) {
  const members = resolveStaff(ids, staff)
  if (members.length === 0) return <p>{emptyText}</p>
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <EditableList
      className="tile-list staff-cards"
      role="list"
      contentKey={idsAt.contentKey}
      path={idsAt.path}
      items={members}
      itemKey={({ member }) => member.id}
      itemProps={() => ({ className: 'card-surface staff-card' })}
      itemLabel={({ member }) => member.name}
      // Cards follow `ids`, which may skip or repeat staff: an item's stored place is its id's.
      storedIndex={({ member }) => ids.indexOf(member.id)}
      renderItem={({ member, index }) => {
        const stored = storedItem('staff', [index], member)
        return (
          <>
            {member.imageUrl ? (
              <EditableImage
                {...stored.image('imageUrl')}
                alt=""
                width={96}
                height={96}
                sizes="4.5rem"
                className="staff-card__photo"
              />
            ) : (
              <span className="staff-card__photo staff-card__photo--empty" aria-hidden="true">
                {initials(member.name)}
              </span>
            )}
            <div>
              <EditableText as={Heading} className="staff-card__name" {...stored.text('name')} />
              {member.subtitle && (
                <EditableText as="p" className="staff-card__role" {...stored.text('subtitle')} />
              )}
            </div>
          </>
        )
      }}
    />
  )
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(-2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
}
