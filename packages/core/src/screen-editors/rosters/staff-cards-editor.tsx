import { memo, useId } from 'react'

import { EditableImage } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import { IMAGES } from '../../defaults/images.ts'
import type { DocumentPath } from '../../entities/document-path.ts'
import type { StaffMember } from '../../entities/staff.ts'
import { TextField, textFieldsOf } from '../shared/form-controls.tsx'
import { listOf } from './roster-editor.tsx'
import { staffLabel } from './staff-names.ts'
import type { StaffErrors } from './team-rules.ts'

/**
 * The last path segment the image picker writes a staff photo's alt text to. Staff cards store
 * no alt text (the photo sits beside the name, so the site shows it as decoration); the editor
 * keeps what is typed with the photo in the library instead.
 */
export const PHOTO_ALT = 'photoAlt'

/** Props of {@link StaffCardsEditor}. */
export type StaffCardsEditorProps = {
  /** The editor's staff values, in the document's order. */
  staff: readonly StaffMember[]
  /** Problems by staff id; empty until the first attempt to save. */
  errors: Readonly<Record<string, StaffErrors>>
  /** The teams each staff member coaches, by id. */
  coached: ReadonlyMap<string, readonly string[]>
  /** Words that tell a card's fields apart in labels (the stored name, so typing never changes them). */
  describe(member: StaffMember, position: number): string
  /** The alt text the library holds (or the editor will store) for a photo address. */
  altFor(imageUrl: string): string
  onChange(member: StaffMember): void
}

/**
 * The staff cards (the `staff` document): each card's photo (chosen in the photo library
 * picker, where alt text is required), name and role line, with the list editor's drag handle
 * (pointer or keyboard: Space, arrows, Space), Move up / Move down, Remove (asked twice) and
 * Add. It renders inside the editor's editing surface, which routes every list and photo edit
 * into the values.
 *
 * @example
 * <StaffCardsEditor staff={staff} errors={{}} coached={coached} describe={describe}
 *   altFor={altFor} onChange={replace} />
 *
 * Memoized: typing in a roster does not render the cards (pass stable props).
 */
export const StaffCardsEditor = memo(function StaffCardsEditor({
  staff,
  errors,
  coached,
  describe,
  altFor,
  onChange,
}: StaffCardsEditorProps) {
  const id = useId()
  return (
    <section className="staff-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Staff</h3>
      <p className="rosters-editor__hint">
        Staff cards show on team pages (as coaches) and program pages. Drag a card by its handle, or
        focus the handle and press Space, then the arrow keys, then Space, to move it.
      </p>
      {staff.length === 0 && <p className="rosters-editor__meta">No staff cards yet.</p>}
      <EditableList
        className="staff-editor__list"
        role="list"
        contentKey="staff"
        path={[]}
        items={staff}
        itemKey={(member) => member.id}
        itemLabel={(member) => staffLabel(member)}
        itemProps={(member) => ({ className: 'staff-editor__card', 'data-staff-id': member.id })}
        newItem={(): StaffMember => ({
          id: uniqueStaffId(staff),
          name: '',
          subtitle: '',
          imageUrl: '',
        })}
        renderItem={(member, position) => (
          <StaffCardFields
            member={member}
            position={position}
            errors={errors[member.id] ?? {}}
            teams={coached.get(member.id) ?? []}
            labelSuffix={describe(member, position)}
            alt={member.imageUrl ? altFor(member.imageUrl) : ''}
            onChange={onChange}
          />
        )}
      />
    </section>
  )
})

function uniqueStaffId(staff: readonly StaffMember[]): string {
  let candidate = uniqueId('staff')
  while (staff.some((member) => member.id === candidate)) candidate = uniqueId('staff')
  return candidate
}

function StaffCardFields({
  member,
  position,
  errors,
  teams,
  labelSuffix,
  alt,
  onChange,
}: {
  member: StaffMember
  position: number
  errors: StaffErrors
  teams: readonly string[]
  labelSuffix: string
  alt: string
  onChange(member: StaffMember): void
}) {
  const set = (patch: Partial<StaffMember>) => onChange({ ...member, ...patch })
  const field = textFieldsOf<'name' | 'subtitle'>(member, errors, set)
  return (
    <div className="staff-editor__body">
      <div className="staff-editor__photo">
        <EditableImage
          contentKey="staff"
          path={[position, 'imageUrl']}
          // Not a field of the document: the editor's saver takes the alt text to the library.
          altPath={[position, PHOTO_ALT] as unknown as DocumentPath<'staff'>}
          // Without a photo the placeholder is what opens the picker.
          src={member.imageUrl || IMAGES.avatars.staff}
          alt={alt}
          width={96}
          height={96}
          className="staff-editor__image"
        />
        <p className="staff-editor__photo-note">
          {member.imageUrl ? 'Choose the photo to change it.' : 'No photo yet: choose one.'}
        </p>
        {member.imageUrl && (
          <button
            type="button"
            className="btn btn--outline btn--small"
            onClick={() => set({ imageUrl: '' })}
          >
            Remove photo <span className="visually-hidden">{labelSuffix}</span>
          </button>
        )}
      </div>
      <div className="staff-editor__fields">
        <TextField label="Name" labelSuffix={labelSuffix} required {...field('name')} />
        <TextField
          label="Role line"
          labelSuffix={labelSuffix}
          hint="Shown under the name, such as Head Coach, Big Train 14U."
          {...field('subtitle')}
        />
        <p className="rosters-editor__meta">
          {teams.length > 0 ? `Coaches ${listOf([...teams])}.` : 'Not coaching a team.'}
        </p>
      </div>
    </div>
  )
}
