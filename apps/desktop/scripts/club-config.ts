/**
 * The build's last step (`pnpm build`): writes the club's project to out/club-config.json from
 * CLUB_SUPABASE_URL, CLUB_SUPABASE_ANON_KEY and CLUB_SITE_URL, or from build/club-config.json
 * (see src/main/club-config.ts), or removes it when neither names one: a development build, whose
 * first-run screen asks. A project given but wrong fails the build, naming what to fix.
 */
import { fileURLToPath } from 'node:url'

import { ClubConfigError, writeBuiltClubConfig } from '../src/main/club-config.ts'

const buildDir = fileURLToPath(new URL('../../../build/', import.meta.url))
const outDir = fileURLToPath(new URL('../out/', import.meta.url))

try {
  const built = writeBuiltClubConfig(process.env, buildDir, outDir)
  console.log(
    built
      ? `club-config: out/club-config.json names ${built.config.backendUrl} (from the ${built.source})`
      : 'club-config: no club project given: a development build (the first-run screen asks)',
  )
} catch (error) {
  if (!(error instanceof ClubConfigError)) throw error
  console.error(`club-config: ${error.message}`)
  process.exitCode = 1
}
