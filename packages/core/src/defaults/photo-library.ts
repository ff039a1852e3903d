import type { PhotoLibrary } from '../entities/photo-library.ts'
import { IMAGES, SCENE_SIZE } from './images.ts'

/** A small sample library: illustrated scenes that ship with the app, in two albums. */
export const defaultPhotoLibrary: PhotoLibrary = {
  albums: [
    { id: 'fields', title: 'Our Fields' },
    { id: 'game-day', title: 'Game Day' },
  ],
  photos: [
    ...IMAGES.fields.map((src, index) => ({
      id: `field-${index + 1}`,
      src,
      alt: `Illustration of a club baseball field, view ${index + 1}`,
      ...SCENE_SIZE,
      albumId: 'fields',
      dominantColor: '#3f7d3a',
    })),
    {
      id: 'tryouts',
      src: IMAGES.news.tryouts,
      alt: 'Players waiting their turn at a tryout, gloves in hand',
      ...SCENE_SIZE,
      albumId: 'game-day',
      caption: 'Tryout day',
      dominantColor: '#1e3a8a',
    },
    {
      id: 'registration',
      src: IMAGES.news.registration,
      alt: 'A clipboard, glove and ball on a bench',
      ...SCENE_SIZE,
      albumId: 'game-day',
      dominantColor: '#b91c1c',
    },
  ],
}
