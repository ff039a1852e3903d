import type { AboutContent } from '../../entities/about-content.ts'
import { aboutContentSchema } from '../../entities/about-content.ts'
import { imageSrcSchema } from '../../entities/common.ts'
import { pathKey, schemaErrors } from '../shared/schema-errors.ts'

/** One section as the editor shows it: its paragraphs as one text, a blank line between them. */
export type SectionForm = { id: string; title: string; text: string }

/** A slider image as the editor shows it; `photo` is its `src` (`''` until one is chosen). */
export type SlideForm = { id: string; photo: string; alt: string; caption: string }

/** A community with an id of its own, so the list can be reordered and named by item. */
export type CommunityForm = { id: string; name: string }

/**
 * The About page as the editor edits it. The stored `aboutContent` keeps paragraphs as a list
 * and communities as plain names; the form holds what a person types, and {@link fromAboutForm}
 * turns it back into the stored shape.
 */
export type AboutForm = {
  sections: SectionForm[]
  slider: { enabled: boolean; images: SlideForm[] }
  communities: CommunityForm[]
}

/** The fields of each part of the form the editor can show a problem next to. */
export type AboutErrors = {
  sections: Record<string, Partial<Record<'title' | 'text', string>>>
  slides: Record<string, Partial<Record<'photo' | 'alt' | 'caption', string>>>
  communities: Record<string, string>
  /** What no field explains (the stored schema's limits). */
  form?: string
}

/** Paragraphs are separated by a blank line (spaces on it allowed). */
const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/

/**
 * The paragraphs of a typed text: split at blank lines, each trimmed, single line breaks read
 * as spaces (the page shows them so anyway), empty ones dropped.
 *
 * @example
 * splitParagraphs('First line\ncontinues.\n\nSecond.') // ['First line continues.', 'Second.']
 */
export function splitParagraphs(text: string): string[] {
  return text
    .split(PARAGRAPH_BREAK)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '')
}

/**
 * The form for a stored About page.
 *
 * @example
 * toAboutForm(aboutContent).sections[0]?.text // 'The club was founded …\n\nOver the decades …'
 */
export function toAboutForm(about: AboutContent): AboutForm {
  return {
    sections: about.sections.map((section) => ({
      id: section.id,
      title: section.title,
      text: section.body.join('\n\n'),
    })),
    slider: {
      enabled: about.slider.enabled,
      images: about.slider.images.map((image) => ({
        id: image.id,
        photo: image.src,
        alt: image.alt,
        caption: image.caption ?? '',
      })),
    },
    // Position-based ids are unique within the form; added communities get random ones.
    communities: about.communities.map((name, index) => ({ id: `community-${index}`, name })),
  }
}

/**
 * The About page the form describes, as it will be stored: text trimmed, paragraphs split at
 * blank lines, no caption where none was written.
 *
 * @example
 * fromAboutForm(toAboutForm(aboutContent)) // equal to aboutContent
 */
export function fromAboutForm(form: AboutForm): AboutContent {
  return {
    sections: form.sections.map((section) => ({
      id: section.id,
      title: section.title.trim(),
      body: splitParagraphs(section.text),
    })),
    slider: {
      enabled: form.slider.enabled,
      images: form.slider.images.map((image) => {
        const caption = image.caption.trim()
        return {
          id: image.id,
          src: image.photo.trim(),
          alt: image.alt.trim(),
          ...(caption === '' ? {} : { caption }),
        }
      }),
    },
    communities: form.communities.map((community) => community.name.trim()),
  }
}

/** Marks the fields of the item `id` in `target`: `mark(field, problem)` records a problem if any. */
function problemsOf<T extends object>(target: Record<string, T>, id: string) {
  return (field: keyof T, problem: string | undefined) => {
    if (!problem) return
    target[id] = { ...target[id], [field]: problem } as T
  }
}

/**
 * Checks the form before saving: every section has a title and some text, every slider image
 * a photo from the library and a description, every community a name given once, all within
 * the stored limits. Empty when it can be saved.
 *
 * @example
 * validateAbout({ ...form, communities: [{ id: 'c1', name: '' }] }).communities // { c1: 'Type the community’s name, or remove it.' }
 */
export function validateAbout(form: AboutForm): AboutErrors {
  const errors: AboutErrors = { sections: {}, slides: {}, communities: {} }
  // The limits and their words are the schema's (entities/about-content.ts), read by path.
  const stored = fromAboutForm(form)
  const refused = schemaErrors(aboutContentSchema, stored)
  const limit = (...path: (string | number)[]) => refused[pathKey(...path)]
  form.sections.forEach((section, index) => {
    const mark = problemsOf(errors.sections, section.id)
    const title = section.title.trim()
    const paragraphs = splitParagraphs(section.text)
    mark('title', title === '' ? 'Give the section a title.' : limit('sections', index, 'title'))
    mark(
      'text',
      paragraphs.length === 0
        ? 'Write at least one paragraph for this section.'
        : paragraphs.map((_, at) => limit('sections', index, 'body', at)).find(Boolean),
    )
  })
  form.slider.images.forEach((slide, index) => {
    const mark = problemsOf(errors.slides, slide.id)
    const photo = slide.photo.trim()
    const alt = slide.alt.trim()
    if (photo === '') mark('photo', 'Choose a photo from the library.')
    else if (!imageSrcSchema.safeParse(photo).success) {
      mark('photo', 'This image address cannot be used. Choose a photo.')
    }
    mark(
      'alt',
      alt === ''
        ? 'Describe the photo for people who cannot see it.'
        : limit('slider', 'images', index, 'alt'),
    )
    mark('caption', limit('slider', 'images', index, 'caption'))
  })
  const seen = new Set<string>()
  form.communities.forEach((community, index) => {
    const name = community.name.trim()
    const key = name.toLocaleLowerCase('en-US')
    const problem =
      name === ''
        ? 'Type the community’s name, or remove it.'
        : seen.has(key)
          ? `${name} is already in the list.`
          : limit('communities', index)
    if (problem) errors.communities[community.id] = problem
    seen.add(key)
  })
  if (countAboutProblems(errors) === 0 && Object.keys(refused).length > 0) {
    errors.form = 'The About page cannot be stored as it is: it holds too many items.'
  }
  return errors
}

/** How many problems `errors` holds, for the summary above the save button. */
export function countAboutProblems(errors: AboutErrors): number {
  const inner = (record: Record<string, object>) =>
    Object.values(record).reduce((sum, fields) => sum + Object.keys(fields).length, 0)
  return (
    inner(errors.sections) +
    inner(errors.slides) +
    Object.keys(errors.communities).length +
    (errors.form ? 1 : 0)
  )
}
