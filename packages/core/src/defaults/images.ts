/**
 * Every image the sample content uses. Each path names a file under
 * `packages/core/public/images/`, which the apps serve at `/images/`.
 */
export const IMAGES = {
  logo: '/images/logo.svg',
  homeHero: '/images/hero/home-hero.svg',
  programs: {
    'tee-ball': '/images/programs/tee-ball.svg',
    recreation: '/images/programs/recreation.svg',
    'recreation-softball': '/images/programs/recreation-softball.svg',
    select: '/images/programs/select.svg',
    'flash-softball': '/images/programs/flash-softball.svg',
    'big-train': '/images/programs/big-train.svg',
    'dmv-prospects': '/images/programs/dmv-prospects.svg',
  },
  teamLogos: {
    bigTrain: '/images/logos/big-train.svg',
    flash: '/images/logos/flash.svg',
    dmvProspects: '/images/logos/dmv-prospects.svg',
    select: '/images/logos/select.svg',
  },
  about: {
    teamHuddle: '/images/about/team-huddle.svg',
    volunteers: '/images/about/volunteers.svg',
    bleachers: '/images/about/bleachers.svg',
  },
  fields: [
    '/images/fields/field-1.svg',
    '/images/fields/field-2.svg',
    '/images/fields/field-3.svg',
    '/images/fields/field-4.svg',
  ],
  avatars: {
    staff: '/images/avatars/staff.svg',
    player: '/images/avatars/player.svg',
  },
  news: {
    registration: '/images/news/registration.svg',
    tryouts: '/images/news/tryouts.svg',
    weather: '/images/news/weather.svg',
    legacy: '/images/news/legacy.svg',
  },
  camps: {
    summerCamp: '/images/camps/summer-camp.svg',
    pitchingClinic: '/images/camps/pitching-clinic.svg',
    hittingClinic: '/images/camps/hitting-clinic.svg',
    openingDay: '/images/camps/opening-day.svg',
  },
  stats: {
    years: '/images/stats/years.svg',
    invested: '/images/stats/invested.svg',
    fields: '/images/stats/fields.svg',
    draftPicks: '/images/stats/draft-picks.svg',
    commits: '/images/stats/commits.svg',
    players: '/images/stats/players.svg',
  },
} as const

/** Pixel sizes of the wide scene images (fields, news, hero), as drawn. */
export const SCENE_SIZE = { width: 1200, height: 675 } as const
