import { Link } from '../ui/link.tsx'
import type { PhotoPlace } from './photo-library-props.ts'

/** A place as a list item: a link to where it is changed, or its name alone. */
export function Place({ place }: { place: PhotoPlace }) {
  if (typeof place === 'string' || !place.to) {
    return <li>{typeof place === 'string' ? place : place.label}</li>
  }
  return (
    <li>
      <Link to={place.to}>{place.label}</Link>
    </li>
  )
}

/** A list key for a place: its position and name. */
export const placeKey = (place: PhotoPlace, index: number) =>
  `${index} ${typeof place === 'string' ? place : place.label}`
