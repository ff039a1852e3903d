import { useContent } from '../../content/content-provider.tsx'
import { AboutPage, aboutMeta } from '../../pages/about/about-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function AboutRoute() {
  const aboutContent = useContent('aboutContent')
  useHead({ ...aboutMeta(aboutContent), path: paths.about() })
  return <AboutPage aboutContent={aboutContent} />
}
