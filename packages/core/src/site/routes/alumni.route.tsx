import { useContent } from '../../content/content-provider.tsx'
import { AlumniPage, alumniMeta } from '../../pages/alumni/alumni-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function AlumniRoute() {
  const alumni = useContent('alumni')
  useHead({ ...alumniMeta(alumni), path: paths.alumni() })
  return <AlumniPage alumni={alumni} />
}
