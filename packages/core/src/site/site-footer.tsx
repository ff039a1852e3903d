import { Link } from '../ui/link.tsx'
import { EditablePanel } from '../editing/editable.tsx'
import type { ClubContact } from '../entities/home-content.ts'
import { shownContact } from '../pages/shared/club-contact.ts'
import { FOOTER_NAV } from './site-nav.ts'
import { CLUB_NAME } from '../pages/shared/club-names.ts'
import './site-footer.css'
import { LOGIN_PATH } from '../routing/admin-paths.ts'

export type SocialLinks = { twitter: string; facebook: string; instagram: string }

const SOCIAL = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'twitter', label: 'X (Twitter)' },
] as const

/**
 * The site footer: the club's contact details and social links from the home content (each
 * only where set), the sitemap in three groups, and the staff sign-in. Loaded on demand.
 */
export default function SiteFooter({
  socialLinks,
  contact,
  year,
}: {
  socialLinks: SocialLinks
  /** `content.contact`: the club's email, phone and mailing address. */
  contact?: ClubContact
  year: number
}) {
  const details = shownContact(contact)
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__name">{CLUB_NAME}</p>
          <p>Youth baseball and softball for Montgomery County and Washington, D.C., since 1952.</p>
          <EditablePanel
            contentKey="content"
            path={['contact']}
            panel="clubContact"
            label="Contact details"
          >
            {(details.email || details.phone || details.mailingAddress.length > 0) && (
              <address className="site-footer__contact">
                {details.email && (
                  <p>
                    <a href={`mailto:${details.email}`}>{details.email}</a>
                  </p>
                )}
                {details.phone && (
                  <p>
                    <a href={details.phoneHref}>{details.phone}</a>
                  </p>
                )}
                {details.mailingAddress.length > 0 && (
                  <p>
                    {details.mailingAddress.map((line, index) => (
                      <span key={`${index}-${line}`} className="site-footer__line">
                        {line}
                        {index < details.mailingAddress.length - 1 && <br />}
                      </span>
                    ))}
                  </p>
                )}
              </address>
            )}
          </EditablePanel>
          <ul className="site-footer__social" aria-label="Follow us">
            {SOCIAL.filter((s) => socialLinks[s.key]).map((s) => (
              <li key={s.key}>
                <a href={socialLinks[s.key]} rel="noopener noreferrer" target="_blank">
                  {s.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          {FOOTER_NAV.map((group) => (
            <div key={group.label}>
              <h2 className="site-footer__heading">{group.label}</h2>
              <ul className="site-footer__links">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to}>{item.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {CLUB_NAME}. <Link to={LOGIN_PATH}>Staff sign in</Link>
        </p>
      </div>
    </footer>
  )
}
