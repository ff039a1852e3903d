import { useContent } from '../../content/content-provider.tsx'
import { DonatePage, donateMeta } from '../../pages/donate/donate-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function DonateRoute() {
  const homeContent = useContent('content')
  useHead({ ...donateMeta(), path: paths.donate() })
  return <DonatePage homeContent={homeContent} />
}
