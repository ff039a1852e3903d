import { describe, expect, it } from 'vitest'

import { findImageUsage, imageIdentity, imageInUseMessage } from './image-usage.ts'

const HOST = 'https://abc.supabase.co'
const PATH = 'library/3f/3f2a.jpg'
const PUBLIC_URL = `${HOST}/storage/v1/object/public/photo-library/${PATH}`
const photo = { src: PATH, thumbnail: 'library/3f/3f2a-thumb.jpg' }

const newsPost = (fields: Record<string, unknown>) => ({
  id: 'n1',
  title: 'Spring registration is open',
  imageUrl: '',
  cardImageUrl: '',
  content: [],
  ...fields,
})

const labels = (
  documents: Record<string, unknown>,
  image: Parameters<typeof findImageUsage>[1] = photo,
) => findImageUsage(documents, image).map((use) => use.label)

describe('imageIdentity', () => {
  it('should give a bucket path and its public address the same identity', () => {
    expect(imageIdentity(PUBLIC_URL)).toBe(imageIdentity(PATH))
  })

  it('should give the same object on another host the same identity', () => {
    expect(
      imageIdentity(`http://127.0.0.1:54321/storage/v1/object/public/photo-library/${PATH}`),
    ).toBe(imageIdentity(PUBLIC_URL))
  })

  it('should give a thumbnail the identity of its photo', () => {
    expect(imageIdentity('library/3f/3f2a-thumb.jpg')).toBe(imageIdentity(PATH))
  })

  it('should give a resized variant in another format the identity of its photo', () => {
    expect(
      imageIdentity(`${HOST}/storage/v1/object/public/photo-library/library/3f/3f2a-960w.webp`),
    ).toBe(imageIdentity(PATH))
  })

  it('should ignore a query string on a Storage address', () => {
    expect(imageIdentity(`${PUBLIC_URL}?v=2`)).toBe(imageIdentity(PATH))
  })

  it('should keep photos in different folders apart', () => {
    expect(imageIdentity('library/aa/3f2a.jpg')).not.toBe(imageIdentity(PATH))
  })

  it('should keep a site path as it is', () => {
    expect(imageIdentity('/images/fields/field-1.svg')).toBe('/images/fields/field-1.svg')
  })
})

describe('findImageUsage', () => {
  it('should find a photo used by its public address and name the place', () => {
    const documents = { newsPosts: [newsPost({ cardImageUrl: PUBLIC_URL })] }
    expect(findImageUsage(documents, photo)).toEqual([
      {
        key: 'newsPosts',
        path: [0, 'cardImageUrl'],
        label: 'News › Spring registration is open › card image',
      },
    ])
  })

  it('should name an entry of a map by id by its name', () => {
    const documents = {
      programsContent: {
        'tee-ball': { name: 'Tee Ball', heroImage: 'library/ab/abcd.jpg' },
      },
    }
    expect(labels(documents, 'library/ab/abcd.jpg')).toEqual([
      'Program pages › Tee Ball › hero image',
    ])
  })

  it('should find a photo used by its thumbnail', () => {
    const documents = {
      teams: [
        {
          name: '12U Select',
          imageUrl: `${HOST}/storage/v1/object/public/photo-library/library/3f/3f2a-thumb.jpg`,
        },
      ],
    }
    expect(labels(documents)).toEqual(['Teams & rosters › 12U Select › image'])
  })

  it('should find a photo used by one of its recorded variants', () => {
    const image = { ...photo, variants: [{ src: 'sizes/3f2a-small.webp' }] }
    const documents = {
      content: {
        hero: { imageUrl: `${HOST}/storage/v1/object/public/photo-library/sizes/3f2a-small.webp` },
      },
    }
    expect(labels(documents, image)).toEqual(['Home page › hero › image'])
  })

  it('should find a photo inside an article body block, named by its alt text', () => {
    const documents = {
      newsPosts: [
        newsPost({
          content: [
            { id: 'b1', type: 'paragraph', text: 'Welcome' },
            { id: 'b2', type: 'image', src: PUBLIC_URL, alt: 'Players at the plate', caption: '' },
          ],
        }),
      ],
    }
    expect(labels(documents)).toEqual([
      'News › Spring registration is open › content › Players at the plate › image',
    ])
  })

  it('should find a photo in an image tag inside stored HTML', () => {
    const documents = {
      rulesAndFaqContent: {
        sections: [{ title: 'Weather', html: `<p>See <img src="${PUBLIC_URL}" alt=""></p>` }],
      },
    }
    expect(labels(documents)).toEqual(['Rules, FAQ & weather policy › sections › Weather › html'])
  })

  it('should name an unnamed list item by its place', () => {
    const documents = {
      aboutContent: {
        slider: [
          { id: 's1', src: '/x.svg' },
          { id: 's2', src: PUBLIC_URL },
        ],
      },
    }
    expect(labels(documents)).toEqual(['About page › slider › item 2 › image'])
  })

  it('should find every use across documents', () => {
    const documents = {
      newsPosts: [newsPost({ imageUrl: PUBLIC_URL, cardImageUrl: PUBLIC_URL })],
      programCards: [{ title: 'Tee Ball', backgroundUrl: PUBLIC_URL }],
    }
    expect(labels(documents)).toEqual([
      'News › Spring registration is open › image',
      'News › Spring registration is open › card image',
      'Program cards › Tee Ball › background',
    ])
  })

  it('should not count the photo library entry itself as a use', () => {
    const documents = { photoLibrary: { albums: [], photos: [{ id: 'p1', ...photo, alt: 'x' }] } }
    expect(findImageUsage(documents, photo)).toEqual([])
  })

  it('should not count another photo as a use', () => {
    const documents = {
      newsPosts: [
        newsPost({
          cardImageUrl: `${HOST}/storage/v1/object/public/photo-library/library/3f/3f2b.jpg`,
        }),
      ],
    }
    expect(findImageUsage(documents, photo)).toEqual([])
  })

  it('should match an external address exactly', () => {
    const documents = { alumni: [{ name: 'J. Doe', imageUrl: 'https://example.org/a.jpg' }] }
    expect(labels(documents, 'https://example.org/a.jpg')).toEqual(['Alumni › J. Doe › image'])
  })
})

describe('imageInUseMessage', () => {
  it('should list every place an image is used', () => {
    expect(
      imageInUseMessage([
        { key: 'newsPosts', path: [0, 'imageUrl'], label: 'News › Opening day › image' },
        { key: 'teams', path: [1, 'imageUrl'], label: 'Teams & rosters › 12U › image' },
      ]),
    ).toBe(
      'This image cannot be deleted: it is used in 2 places. Replace it there first: News › Opening day › image; Teams & rosters › 12U › image.',
    )
  })
})
