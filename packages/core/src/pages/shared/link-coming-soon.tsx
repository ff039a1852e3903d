import { Link } from '../../ui/link.tsx'
import '../program/register-action.css'

/** Props of {@link LinkComingSoon}. */
export type LinkComingSoonProps = {
  /** What the link is for, as the sentence starts: `Registration`. */
  what: string
  /** Where to ask the club meanwhile (a page of this site). */
  contactTo: string
  /** What the link is about, for screen readers (`Tee Ball`, `Summer Camp`); optional. */
  about?: string
  /** `dark` on a dark background (heroes, card photos). */
  tone?: 'light' | 'dark'
}

/**
 * The honest state of a stored link that is a placeholder (see entities/placeholder-link.ts):
 * no button that leads nowhere, but "Registration link coming soon" and a working link to ask
 * the club. Plain text and one ordinary link: it wraps at 320 px and is reached by Tab.
 *
 * @example
 * <LinkComingSoon what="Registration" contactTo="/contact#registration-interest" about="Tee Ball" />
 */
export function LinkComingSoon({ what, contactTo, about, tone = 'light' }: LinkComingSoonProps) {
  return (
    <p className={`register-soon register-soon--${tone} link-soon`}>
      <span className="register-soon__when">
        {what} link coming soon
        {about && <span className="visually-hidden"> for {about}</span>}
      </span>
      <Link to={contactTo} className="register-soon__link">
        Contact the club
        {about && <span className="visually-hidden"> about {about}</span>}
      </Link>
    </p>
  )
}
