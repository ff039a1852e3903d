import { Link } from '../pages/shared/link.tsx'
import { CLUB_NAME, FOOTER_NAV } from './site-nav.ts'
import './site-footer.css'

export type SocialLinks = { twitter: string; facebook: string; instagram: string }

const SOCIAL = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'twitter', label: 'X (Twitter)' },
] as const

/** The site footer: social links from the home content, the sitemap in three groups, and the staff sign-in. Loaded on demand. */
export default function SiteFooter({
  socialLinks,
  year,
}: {
  socialLinks: SocialLinks
  year: number
}) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__name">{CLUB_NAME}</p>
          <p>Youth baseball and softball for Montgomery County and Washington, D.C., since 1952.</p>
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
          © {year} {CLUB_NAME}. <Link to="/admin-login">Staff sign in</Link>
        </p>
      </div>
    </footer>
  )
}
