import type { Field, FieldsContent } from '../entities/fields-content.ts'
import { WEATHER_POLICY } from './constants.ts'
import { IMAGES } from './images.ts'

// Park names and street addresses are fictional; the towns and ZIP codes are real.
const FIELDS: [id: string, name: string, address: string][] = [
  ['hollow-oak', 'Hollow Oak Park', '1200 Hollow Oak Drive, Rockville, MD 20850'],
  ['seneca-ridge', 'Seneca Ridge Park', '450 Quarry Run Road, Gaithersburg, MD 20878'],
  ['maple-hollow', 'Maple Hollow Fields', '5300 Maple Hollow Lane, Bethesda, MD 20817'],
  ['cedar-bend', 'Cedar Bend Park', '800 Cedar Bend Road, Silver Spring, MD 20901'],
  ['kensington-commons', 'Kensington Commons Field', '3900 Commons Way, Kensington, MD 20895'],
  ['orchard-falls', 'Orchard Falls Park', '11000 Orchard Falls Road, Potomac, MD 20854'],
  ['stony-hill', 'Stony Hill Park', '19500 Stony Hill Drive, Germantown, MD 20874'],
  ['briar-meadow', 'Briar Meadow Park', '3600 Briar Meadow Road, Olney, MD 20832'],
  [
    'chestnut-grove',
    'Chestnut Grove Field',
    '4100 Chestnut Grove Terrace NW, Washington, DC 20016',
  ],
  ['larkspur', 'Larkspur Field', '1500 Larkspur Place NW, Washington, DC 20011'],
]

const STATUS: Record<string, Pick<Field, 'status' | 'statusReason'>> = {
  'cedar-bend': {
    status: 'closed',
    statusReason: 'Infield renovation; games moved to Hollow Oak Park.',
  },
  larkspur: {
    status: 'check-back',
    statusReason: `Standing water after rain; the county decides by ${WEATHER_POLICY.countyWeekdayDecision}.`,
  },
}

const mapSearch = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`

/** Sample Facilities page: ten fields with status, slider images and the weather posting times. */
export const defaultFieldsContent: FieldsContent = {
  mainText:
    'Our teams play on county and city fields across Montgomery County and Washington, D.C. Check a field’s status before you leave home; on rainy days the county and the league post decisions at the times below.',
  directionsLink: mapSearch('Montgomery County, MD baseball fields'),
  fields: FIELDS.map(([id, name, address]) => ({
    id,
    name,
    address,
    mapLink: mapSearch(address),
    status: 'open',
    statusReason: '',
    statusUpdatedAt: '2026-11-20T12:00:00.000Z',
    ...STATUS[id],
  })),
  sliderImages: IMAGES.fields.map((src, index) => ({
    src,
    alt: `Illustration of a club field, view ${index + 1}`,
  })),
  weatherPostingTimes: {
    countyWeekdayDecision: WEATHER_POLICY.countyWeekdayDecision,
    countyWeekendDecision: WEATHER_POLICY.countyWeekendDecision,
    leagueCancellationsBy: WEATHER_POLICY.leagueCancellationsBy,
  },
}
