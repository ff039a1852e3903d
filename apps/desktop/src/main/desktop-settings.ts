/**
 * The director's settings (backend address, anon key, site address), kept in a plain store:
 * none of them is a secret. Every write is validated with the same schema the first-run screen
 * uses, so a service-role key never gets in, even through a hand-edited file. A club's build
 * names its project (out/club-config.json, see club-config.ts): that is the settings until the
 * director saves others (a club that moves project), and About shows it read-only.
 */
import type { SettingsView } from '../shared/ipc-contract.ts'
import { DEFAULT_SETTINGS, ZDesktopSettings } from '../shared/settings.ts'
import type { TDesktopSettings } from '../shared/settings.ts'
import type { SecretFile } from './credential-store.ts'

const SETTINGS_KEY = 'backend'

/** The settings domain of main over a key-value file, over the project the build names (if any). */
export function createDesktopSettings(file: SecretFile, built: TDesktopSettings | null = null) {
  const saved = (): TDesktopSettings | null => {
    const parsed = ZDesktopSettings.safeParse(file.get(SETTINGS_KEY))
    return parsed.success ? parsed.data : null
  }
  const read = (): TDesktopSettings | null => saved() ?? built
  const view = (): SettingsView => ({
    settings: read(),
    defaults: built ?? DEFAULT_SETTINGS,
    built,
  })
  return {
    read,
    view,
    /** The backend the settings name, as supabase-js is given it; null before any is set. */
    backend(): { url: string; anonKey: string } | null {
      const config = read()
      return config ? { url: config.backendUrl, anonKey: config.anonKey } : null
    },
    save(settings: TDesktopSettings): SettingsView {
      file.set(SETTINGS_KEY, ZDesktopSettings.parse(settings))
      return view()
    },
  }
}

export type DesktopSettings = ReturnType<typeof createDesktopSettings>
