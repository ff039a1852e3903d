import { useLocation } from 'react-router'

import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { Link } from '../../ui/link.tsx'
import { ADMIN_HOME } from '../../routing/admin-paths.ts'

/** An /admin address that names no admin screen: said inside the admin, never the public 404. */
export function AdminNotFoundRoute() {
  const { pathname } = useLocation()
  useHead(adminHead('Not found', pathname))
  return (
    <section className="admin-panel" aria-labelledby="admin-missing-title">
      <h1 id="admin-missing-title">There is no admin screen here</h1>
      <p>{`Nothing in the admin lives at ${pathname}. Pick an area from the menu, or go back home.`}</p>
      <p>
        <Link className="btn btn--primary" to={ADMIN_HOME}>
          Admin home
        </Link>
      </p>
    </section>
  )
}
