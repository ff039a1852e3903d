import { Fragment } from 'react'

import { IMAGES } from '../../defaults/images.ts'
import { EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import type { AboutContent } from '../../entities/about-content.ts'
import type { GalleryImage } from '../../entities/gallery-image.ts'
import { ImageSlider } from '../shared/image-slider.tsx'
import { SmartLink } from '../shared/smart-link.tsx'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import './about-page.css'
import { paths } from '../../routing/public-paths.ts'

/** Props of {@link AboutPage}. */
export type AboutPageProps = {
  /** Content key `aboutContent`. */
  aboutContent: AboutContent
}

// A photo an editor adds to the slider: a club picture to pick a library photo over.
const newSlide = (): GalleryImage => ({
  id: uniqueId('slide'),
  src: IMAGES.about.bleachers,
  alt: 'New photo',
})

/**
 * The About page (`/about`): the club's sections in order, the photo slider when it is switched
 * on, and the communities the club serves.
 */
export function AboutPage({ aboutContent }: AboutPageProps) {
  const { sections, slider, communities } = aboutContent
  const showSlider = slider.enabled && slider.images.length > 0
  return (
    <>
      <section className="page-hero" aria-labelledby="about-title">
        <div className="container">
          <h1 id="about-title">About the Club</h1>
          <p>
            Community youth baseball and softball for Montgomery County and Washington, D.C., since
            1952.
          </p>
        </div>
      </section>

      {sections.map((section, i) => (
        <section
          key={section.id}
          id={section.id}
          className={`section about-section${i % 2 === 1 ? ' section--tint' : ''}`}
          aria-labelledby={`about-${section.id}-title`}
        >
          <div className="container about-section__inner">
            <EditableText
              as="h2"
              id={`about-${section.id}-title`}
              contentKey="aboutContent"
              path={['sections', i, 'title']}
              value={section.title}
            />
            <div className="about-section__body">
              {section.body.map((paragraph, j) => (
                <EditableText
                  key={j}
                  as="p"
                  contentKey="aboutContent"
                  path={['sections', i, 'body', j]}
                  value={paragraph}
                />
              ))}
            </div>
          </div>
        </section>
      ))}

      {showSlider && (
        <section className="section" aria-labelledby="about-photos-title">
          <div className="container">
            <h2 id="about-photos-title">Around the Club</h2>
            <ImageSlider
              images={slider.images}
              label="Club photos"
              contentKey="aboutContent"
              path={['slider', 'images']}
              newImage={newSlide}
            />
          </div>
        </section>
      )}

      {communities.length > 0 && (
        <section className="section section--tint" aria-labelledby="about-communities-title">
          <div className="container">
            <h2 id="about-communities-title">Communities We Serve</h2>
            <EditableList
              className="about-communities"
              role="list"
              contentKey="aboutContent"
              path={['communities']}
              items={communities}
              itemKey={(community, i) => `${i}-${community}`}
              itemLabel={(community) => community}
              newItem={() => 'New community'}
              renderItem={(community, i) => (
                <EditableText
                  // The list item is the name's element, as it is for visitors.
                  as={Fragment}
                  contentKey="aboutContent"
                  path={['communities', i]}
                  value={community}
                />
              )}
            />
            <p className="about-communities__cta">
              Live nearby and want to play?{' '}
              <SmartLink to={paths.programs()}>Find a program for your player</SmartLink>
            </p>
          </div>
        </section>
      )}
    </>
  )
}

/** SEO tags for the About page; the image is the slider's first image when the slider is on. */
export function aboutMeta(aboutContent: AboutContent): PageMeta {
  const first = aboutContent.slider.enabled ? aboutContent.slider.images[0] : undefined
  return {
    title: pageTitle('About the Club'),
    description: metaDescription(
      'Since 1952 our volunteer-run club has brought youth baseball and softball to families across Montgomery County and Washington, D.C. Meet the club.',
    ),
    ...(first ? { image: first.src } : {}),
  }
}

export default AboutPage
