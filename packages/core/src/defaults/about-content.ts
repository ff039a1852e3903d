import type { AboutContent } from '../entities/about-content.ts'
import { CLUB } from '../club/club-identity.ts'
import { IMAGES } from './images.ts'

/** Sample About page: five sections, the slider on, and the communities served. */
export const defaultAboutContent: AboutContent = {
  sections: [
    {
      id: 'history',
      title: 'Our History',
      body: [
        `The club was founded in ${CLUB.foundedYear} by a group of parents who wanted a place for their children to play ball close to home.`,
        'Over the decades it has grown into a community league with recreation, select, travel and showcase teams, while keeping the same volunteer spirit.',
      ],
    },
    {
      id: 'mission',
      title: 'Our Mission',
      body: [
        'To teach baseball and softball, good sportsmanship and teamwork to every young person who wants to play, whatever their experience or means.',
      ],
    },
    {
      id: 'programs',
      title: 'What We Offer',
      body: [
        'Tee Ball, recreation baseball and softball, Select teams, Flash fastpitch softball, Big Train travel teams, the DMV Prospects showcase program, and camps, clinics and events all year.',
      ],
    },
    {
      id: 'community',
      title: 'Our Community',
      body: [
        `We serve families across ${CLUB.serviceArea}, and we work with the county to maintain and improve the fields we all share.`,
      ],
    },
    {
      id: 'volunteers',
      title: 'Get Involved',
      body: [
        'Coaches, team parents, umpires and field volunteers make every season possible. Training is provided; all you need is the will to help.',
        'Contact us to find a role that fits your schedule.',
      ],
    },
  ],
  slider: {
    enabled: true,
    // Images of their own: none of them is also a Facilities slide or a featured story.
    images: [
      {
        id: 'slide-1',
        src: IMAGES.about.teamHuddle,
        alt: 'A youth team in a huddle on the infield, their coach beside them',
        caption: 'Every game starts the same way: a huddle, a plan and a cheer.',
      },
      {
        id: 'slide-2',
        src: IMAGES.about.volunteers,
        alt: 'Two volunteers raking the infield and lining the base paths',
        caption: 'Volunteers get the fields ready before the first pitch.',
      },
      {
        id: 'slide-3',
        src: IMAGES.about.bleachers,
        alt: 'Families cheering in the bleachers beside the snack stand at dusk',
        caption: 'Families fill the bleachers on summer evenings.',
      },
    ],
  },
  communities: [
    'Bethesda',
    'Chevy Chase',
    'Gaithersburg',
    'Kensington',
    'Potomac',
    'Rockville',
    'Silver Spring',
    'Takoma Park',
    'Wheaton',
    'Washington, D.C.',
  ],
}
