import { useContent } from '../../content/content-provider.tsx'
import { AlumniPage, alumniMeta } from '../../pages/alumni/alumni-page.tsx'
import { useHead } from '../head.tsx'

export default function AlumniRoute() {
  const alumni = useContent('alumni')
  useHead({ ...alumniMeta(alumni), path: '/alumni' })
  return <AlumniPage alumni={alumni} />
}
