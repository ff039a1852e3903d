import { useContent } from '../../content/content-provider.tsx'
import { AboutPage, aboutMeta } from '../../pages/about/about-page.tsx'
import { useHead } from '../head.tsx'

export default function AboutRoute() {
  const aboutContent = useContent('aboutContent')
  useHead({ ...aboutMeta(aboutContent), path: '/about' })
  return <AboutPage aboutContent={aboutContent} />
}
