import type { ReactNode } from 'react'

import { EditableText } from '../../editing/editable.tsx'
import type { Located } from '../../editing/editable.tsx'

/** Props of {@link StoredTitleSection}. */
export type StoredTitleSectionProps<Key extends string> = {
  /** The section's own id, for links to it (`/rules#faq`). */
  id?: string
  /** The section's classes: `section`, with its tone (`section section--tint`). */
  className: string
  /** Classes beside `container` on the inner box. */
  containerClassName?: string
  /** The heading's id, which labels the section. */
  titleId: string
  /** The heading (h2): its stored text and where it is stored, typed in place when editing. */
  title: Located<Key> & { value: string }
  children: ReactNode
}

/**
 * A page section under a heading whose text is stored content: the section, labelled by its
 * heading, the container, the editable h2, then the section's own content.
 *
 * @example
 * <StoredTitleSection id="faq" className="section" titleId="faq-title"
 *   title={{ contentKey: 'rulesAndFaqContent', path: ['faq', 'title'], value: faq.title }}>
 *   …
 * </StoredTitleSection>
 */
export function StoredTitleSection<Key extends string>({
  id,
  className,
  containerClassName,
  titleId,
  title,
  children,
}: StoredTitleSectionProps<Key>) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>
        <EditableText as="h2" id={titleId} {...title} />
        {children}
      </div>
    </section>
  )
}
