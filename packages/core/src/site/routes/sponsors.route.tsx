import { SponsorsPage, sponsorsMeta } from '../../pages/sponsors/sponsors-page.tsx'
import { useHead } from '../head.tsx'

export default function SponsorsRoute() {
  useHead({ ...sponsorsMeta(), path: '/sponsors' })
  return <SponsorsPage />
}
