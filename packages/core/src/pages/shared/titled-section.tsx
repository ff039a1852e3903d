import type { ReactNode } from 'react'

import { EditableText } from '../../editing/editable.tsx'
import type { Located } from '../../editing/editable.tsx'

/** Props of {@link TitledSection}. */
export type TitledSectionProps<Key extends string> = {
  /** The section's own id, for links to it (`/rules#faq`). */
  id?: string
  /** The section's classes: `section` with its tone (`section section--tint`), or a card's. */
  className: string
  /** The inner box's classes: `container` (the default, with any of the page's), or `card__body`. */
  innerClassName?: string
  /** The heading's id, which labels the section. */
  titleId: string
  /**
   * The heading (h2): the page's own text, or stored text with where it is stored (typed in
   * place when editing).
   */
  title: string | (Located<Key> & { value: string })
  children: ReactNode
}

/**
 * A page section under its heading: the section, labelled by the heading, the inner box (the
 * container, or a card's body), the h2, then the section's own content.
 *
 * @example
 * <TitledSection className="section section--tint" titleId="team-roster-title" title="Roster">
 *   …
 * </TitledSection>
 * <TitledSection id="faq" className="section" titleId="faq-title"
 *   title={{ contentKey: 'rulesAndFaqContent', path: ['faq', 'title'], value: faq.title }}>
 *   …
 * </TitledSection>
 */
export function TitledSection<Key extends string>({
  id,
  className,
  innerClassName = 'container',
  titleId,
  title,
  children,
}: TitledSectionProps<Key>) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <div className={innerClassName}>
        {typeof title === 'string' ? (
          <h2 id={titleId}>{title}</h2>
        ) : (
          <EditableText as="h2" id={titleId} {...title} />
        )}
        {children}
      </div>
    </section>
  )
}
