import type { Clinic } from '../entities/clinic.ts'
import { CLUB_DETAILS } from './club-details.ts'
import { CAMP_PRICES } from '../club/club-facts.ts'
import { IMAGES } from './images.ts'

const [CAMP_PRICE, PITCHING_PRICE, HITTING_PRICE] = CAMP_PRICES

/** Sample camps, clinics and events, with the spec's sample prices. */
export const defaultClinics: Clinic[] = [
  {
    id: 'summer-camp-2027',
    slug: 'summer-baseball-camp',
    title: 'Summer Baseball Camp',
    kind: 'camp',
    summary: 'A week of baseball: skills stations in the morning, games in the afternoon.',
    description: [
      'Campers rotate through hitting, fielding, throwing and base-running stations, then put it all together in afternoon games.',
      'Groups are formed by age and experience. Bring a glove, a water bottle, sunscreen and a packed lunch.',
    ],
    ageRange: 'Ages 7–12',
    startDate: '2027-06-21',
    endDate: '2027-06-25',
    times: '9:00 AM – 3:00 PM daily',
    location: { name: 'Hollow Oak Park', address: '1200 Hollow Oak Drive, Rockville, MD 20850' },
    price: CAMP_PRICE,
    registrationLink: '',
    registrationOpensText: CLUB_DETAILS.summerCampRegistrationOpens,
    imageUrl: IMAGES.camps.summerCamp,
    imageAlt: 'Illustration of campers on a sunny baseball field',
    capacityNote: 'Limited to 60 campers.',
  },
  {
    id: 'pitching-clinic-2027',
    slug: 'pitching-and-catching-clinic',
    title: 'Pitching & Catching Clinic',
    kind: 'clinic',
    summary: 'Four Saturday sessions on mechanics, arm care and working together as a battery.',
    description: [
      'Pitchers work on mechanics, command and arm care; catchers on receiving, blocking and throwing. Each session ends with live bullpens.',
    ],
    ageRange: 'Ages 10–16',
    startDate: '2027-02-06',
    endDate: '2027-02-27',
    times: 'Saturdays, 10:00 AM – 12:00 PM',
    location: {
      name: 'Seneca Ridge Fieldhouse',
      address: '450 Quarry Run Road, Gaithersburg, MD 20878',
    },
    price: PITCHING_PRICE,
    registrationLink: CLUB_DETAILS.clinicRegistration['pitching-clinic-2027']?.value ?? '',
    imageUrl: IMAGES.camps.pitchingClinic,
    imageAlt: 'Illustration of a pitcher mid-delivery',
  },
  {
    id: 'hitting-clinic-2027',
    slug: 'winter-hitting-clinic',
    title: 'Winter Hitting Clinic',
    kind: 'clinic',
    summary: 'Indoor cage work to keep swings sharp over the winter.',
    description: [
      'Small groups work on stance, load, contact and approach, with video feedback in the final session.',
    ],
    ageRange: 'Ages 8–14',
    startDate: '2027-01-16',
    endDate: '2027-01-30',
    times: 'Saturdays, 1:00 PM – 2:30 PM',
    location: {
      name: 'Seneca Ridge Fieldhouse',
      address: '450 Quarry Run Road, Gaithersburg, MD 20878',
    },
    price: HITTING_PRICE,
    registrationLink: CLUB_DETAILS.clinicRegistration['hitting-clinic-2027']?.value ?? '',
    imageUrl: IMAGES.camps.hittingClinic,
    imageAlt: 'Illustration of a batter in an indoor cage',
  },
  {
    id: 'opening-day-2027',
    slug: 'opening-day',
    title: 'Opening Day',
    kind: 'event',
    summary:
      'The whole club opens the spring season together: parade, team photos and first pitches.',
    description: [
      'Every team parades onto the field, followed by team photos, food trucks and the season’s first games.',
    ],
    ageRange: 'All ages',
    startDate: '2027-04-10',
    endDate: '2027-04-10',
    times: '9:00 AM – 2:00 PM',
    location: { name: 'Hollow Oak Park', address: '1200 Hollow Oak Drive, Rockville, MD 20850' },
    price: 'Free',
    registrationLink: '',
    imageUrl: IMAGES.camps.openingDay,
    imageAlt: 'Illustration of pennants over a ballpark',
  },
]
