import type { Field, FieldsContent } from '../entities/fields-content.ts'
import { WEATHER_POLICY } from '../club/club-facts.ts'
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

/**
 * When the fields were last checked: a Friday morning in the sample season, before the league's
 * 8:00 AM posting time. The game-day alert of the samples (defaults/alerts.ts) was written from
 * this status, and the live-updates page lists the two fields that are not open with these times.
 */
export const SAMPLE_FIELD_CHECK = '2026-11-20T11:30:00.000Z'

const STATUS: Record<string, Pick<Field, 'status' | 'statusReason' | 'statusUpdatedAt'>> = {
  'cedar-bend': {
    status: 'closed',
    statusReason: 'Infield renovation through the winter; its games moved to Hollow Oak Park.',
    statusUpdatedAt: '2026-11-16T14:00:00.000Z',
  },
  larkspur: {
    status: 'check-back',
    statusReason: `Standing water after overnight rain; the county decides by ${WEATHER_POLICY.countyWeekdayDecision}.`,
    statusUpdatedAt: '2026-11-20T11:45:00.000Z',
  },
}

/** Parking and the meeting point at two sample fields; the others say nothing yet. */
const ACCESS: Record<string, Pick<Field, 'parkingNotes' | 'entrance'>> = {
  'hollow-oak': {
    parkingNotes: 'Free lot beside the tennis courts; it fills by 9 AM on Saturdays.',
    entrance: 'Gate on the lot side; restrooms by the concession stand.',
  },
  'seneca-ridge': {
    parkingNotes: 'Park in the school lot on weekends. No parking on the grass.',
  },
}

// One slide per illustration, each captioned with the field it stands for.
const SLIDES: { alt: string; caption: string }[] = [
  {
    alt: 'A baseball field under a clear blue sky',
    caption: 'Hollow Oak Park, Rockville, on a clear spring morning.',
  },
  {
    alt: 'A baseball field on an overcast afternoon',
    caption: 'Seneca Ridge Park, Gaithersburg, on an overcast afternoon.',
  },
  {
    alt: 'A softball field at dusk with the lights coming on',
    caption: 'Maple Hollow Fields, Bethesda: the softball diamond as the lights come on.',
  },
  {
    alt: 'A baseball field in early autumn',
    caption: 'Briar Meadow Park, Olney, in early autumn.',
  },
]

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
    statusUpdatedAt: SAMPLE_FIELD_CHECK,
    ...STATUS[id],
    ...ACCESS[id],
  })),
  sliderImages: IMAGES.fields.map((src, index) => ({
    src,
    alt: SLIDES[index]?.alt ?? 'A club field',
    ...(SLIDES[index] ? { caption: SLIDES[index].caption } : {}),
  })),
  weatherPostingTimes: {
    countyWeekdayDecision: WEATHER_POLICY.countyWeekdayDecision,
    countyWeekendDecision: WEATHER_POLICY.countyWeekendDecision,
    leagueCancellationsBy: WEATHER_POLICY.leagueCancellationsBy,
  },
}
