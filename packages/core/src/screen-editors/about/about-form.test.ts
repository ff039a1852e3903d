import { describe, expect, it } from 'vitest'

import { defaultAboutContent } from '../../defaults/about-content.ts'
import {
  countAboutProblems,
  fromAboutForm,
  splitParagraphs,
  toAboutForm,
  validateAbout,
} from './about-form.ts'
import type { AboutForm } from './about-form.ts'

const form = () => toAboutForm(defaultAboutContent)

function withSection(patch: Partial<AboutForm['sections'][number]>): AboutForm {
  const base = form()
  return { ...base, sections: base.sections.map((s, i) => (i === 0 ? { ...s, ...patch } : s)) }
}

describe('splitParagraphs', () => {
  it('should split at blank lines', () => {
    expect(splitParagraphs('One.\n\nTwo.\n \nThree.')).toEqual(['One.', 'Two.', 'Three.'])
  })

  it('should read a single line break as a space', () => {
    expect(splitParagraphs('One line\n  continues.')).toEqual(['One line continues.'])
  })

  it('should drop empty paragraphs and surrounding space', () => {
    expect(splitParagraphs('\n\n  One.  \n\n\n\n')).toEqual(['One.'])
  })

  it('should read Windows line endings like any other', () => {
    expect(splitParagraphs('One.\r\n\r\nTwo.')).toEqual(['One.', 'Two.'])
  })
})

describe('the About form', () => {
  it('should give back the stored page when nothing was edited', () => {
    expect(fromAboutForm(form())).toEqual(defaultAboutContent)
  })

  it('should show a section’s paragraphs as one text with blank lines between them', () => {
    const [first] = defaultAboutContent.sections
    expect(form().sections[0]?.text).toBe(first?.body.join('\n\n'))
  })

  it('should store no caption where none was written', () => {
    const base = form()
    const images = base.slider.images.map((image) => ({ ...image, caption: '  ' }))
    const stored = fromAboutForm({ ...base, slider: { ...base.slider, images } })
    expect(stored.slider.images.every((image) => !('caption' in image))).toBe(true)
  })

  it('should store communities as trimmed names, in order', () => {
    const base = form()
    const communities = [
      { id: 'a', name: ' Olney ' },
      { id: 'b', name: 'Bethesda' },
    ]
    expect(fromAboutForm({ ...base, communities }).communities).toEqual(['Olney', 'Bethesda'])
  })
})

describe('validateAbout', () => {
  it('should accept the sample page', () => {
    expect(countAboutProblems(validateAbout(form()))).toBe(0)
  })

  it('should ask for a section title', () => {
    const id = form().sections[0]?.id as string
    expect(validateAbout(withSection({ title: '  ' })).sections[id]).toEqual({
      title: 'Give the section a title.',
    })
  })

  it('should ask for a section’s text', () => {
    const id = form().sections[0]?.id as string
    expect(validateAbout(withSection({ text: '\n\n' })).sections[id]).toEqual({
      text: 'Write at least one paragraph for this section.',
    })
  })

  it('should ask for a slider image’s photo and description', () => {
    const base = form()
    const images = [...base.slider.images, { id: 'new', photo: '', alt: '', caption: '' }]
    expect(validateAbout({ ...base, slider: { ...base.slider, images } }).slides).toEqual({
      new: {
        photo: 'Choose a photo from the library.',
        alt: 'Describe the photo for people who cannot see it.',
      },
    })
  })

  it('should refuse a photo address the site would not show', () => {
    const base = form()
    const images = [{ id: 's', photo: 'javascript:alert(1)', alt: 'x', caption: '' }]
    expect(validateAbout({ ...base, slider: { ...base.slider, images } }).slides.s?.photo).toBe(
      'This image address cannot be used. Choose a photo.',
    )
  })

  it('should ask for the name of an empty community', () => {
    const communities = [...form().communities, { id: 'c', name: ' ' }]
    expect(validateAbout({ ...form(), communities }).communities).toEqual({
      c: 'Type the community’s name, or remove it.',
    })
  })

  it('should refuse a community listed twice, whatever its case', () => {
    const communities = [
      { id: 'a', name: 'Olney' },
      { id: 'b', name: 'olney' },
    ]
    expect(validateAbout({ ...form(), communities }).communities).toEqual({
      b: 'olney is already in the list.',
    })
  })

  it('should count each problem once', () => {
    const base = withSection({ title: '', text: '' })
    const communities = [{ id: 'c', name: '' }]
    expect(countAboutProblems(validateAbout({ ...base, communities }))).toBe(3)
  })
})
