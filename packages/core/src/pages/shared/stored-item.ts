import type { PathStep } from '../../entities/document-path.ts'

/** The fields of `Item` that always hold a string (a required text or image address). */
type StringField<Item> = {
  [Field in keyof Item & string]-?: Item[Field] extends string ? Field : never
}[keyof Item & string]

/**
 * One stored item (a document's hero, a list entry, a staff member) with where it is stored,
 * giving each of its fields ready to spread into an editable component: where the field is
 * stored, and for a required text or image its value too. The location is checked where it is
 * used, as a written-out one is: a field the document does not have (at that path) does not
 * compile. An optional field's location comes from `at`, its value from the page (which shows
 * it only when it is there).
 *
 * @example
 * const stored = storedItem('alumni', ['collegeCommits', index], commit)
 * <EditableText as="p" {...stored.text('name')} />
 * // is <EditableText as="p" contentKey="alumni" path={['collegeCommits', index, 'name']} value={commit.name} />
 * const team = storedItem('teams', [teamKey], teams[teamKey])
 * <EditableImage {...team.image('logoUrl')} alt="" width={64} height={64} />
 * <EditableList {...team.at('roster')} … />
 */
export function storedItem<
  Key extends string,
  const At extends readonly PathStep[],
  Item extends object,
>(contentKey: Key, at: At, item: Item) {
  const locate = <const Steps extends readonly [keyof Item & string, ...PathStep[]]>(
    ...steps: Steps
  ) => ({ contentKey, path: [...at, ...steps] as readonly [...At, ...Steps] })
  return {
    /**
     * Where a field is stored, or a place inside it (`at('highlights', i)`): for a list, a link
     * region, an optional value or a list's entry.
     */
    at: locate,
    /** A text field's location and value, for an `EditableText`. */
    text: <Field extends StringField<Item>>(field: Field) => ({
      ...locate(field),
      value: item[field],
    }),
    /** An image field's location and address, for an `EditableImage`. */
    image: <Field extends StringField<Item>>(field: Field) => ({
      ...locate(field),
      src: item[field],
    }),
  }
}
