import { Link } from 'react-router'

import { CLUB_NAME, NAV_ITEMS } from './site-nav.ts'
import './site-footer.css'

export type SocialLinks = { twitter: string; facebook: string; instagram: string }

const SOCIAL = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'twitter', label: 'X (Twitter)' },
] as const

/** The site footer: social links from the home content, the sitemap, and the staff sign-in. Loaded on demand. */
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
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/schedule">Schedules</Link>
            </li>
            <li>
              <Link to="/live-updates">Live Updates</Link>
            </li>
          </ul>
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
