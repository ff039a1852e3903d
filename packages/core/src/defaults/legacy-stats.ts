import type { LegacyStat } from '../entities/legacy-stat.ts'
import { LEGACY_FACTS } from '../club/club-facts.ts'
import { IMAGES } from './images.ts'

const LOGOS: Record<(typeof LEGACY_FACTS)[number]['id'], string> = {
  years: IMAGES.stats.years,
  invested: IMAGES.stats.invested,
  fields: IMAGES.stats.fields,
  'mlb-draft-picks': IMAGES.stats.draftPicks,
  'college-commits': IMAGES.stats.commits,
  players: IMAGES.stats.players,
}

/** The sample Legacy and Impact figures (spec §9), each with an icon. */
export const defaultLegacyStats: LegacyStat[] = LEGACY_FACTS.map((fact) => ({
  id: fact.id,
  value: fact.value,
  label: fact.label,
  logo: LOGOS[fact.id],
}))
