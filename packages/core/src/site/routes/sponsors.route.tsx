import { useContent } from '../../content/content-provider.tsx'
import { SponsorsPage, sponsorsMeta } from '../../pages/sponsors/sponsors-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function SponsorsRoute() {
  const content = useContent('content')
  useHead({ ...sponsorsMeta(), path: paths.sponsors() })
  return <SponsorsPage sponsors={content.support.sponsors ?? []} contact={content.contact} />
}
