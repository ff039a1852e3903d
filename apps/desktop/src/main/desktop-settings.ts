/**
 * The director's settings (backend address, anon key, site address), kept in a plain store:
 * none of them is a secret. Every write is validated with the same schema the first-run screen
 * uses, so a service-role key never gets in, even through a hand-edited file.
 */
import type { SettingsView } from '../shared/ipc-contract.ts'
import { DEFAULT_SETTINGS, ZDesktopSettings } from '../shared/settings.ts'
import type { TDesktopSettings } from '../shared/settings.ts'
import type { SecretFile } from './credential-store.ts'

const SETTINGS_KEY = 'backend'

/** The settings domain of main over a key-value file. */
export function createDesktopSettings(file: SecretFile) {
  const read = (): TDesktopSettings | null => {
    const parsed = ZDesktopSettings.safeParse(file.get(SETTINGS_KEY))
    return parsed.success ? parsed.data : null
  }
  return {
    read,
    view: (): SettingsView => ({ settings: read(), defaults: DEFAULT_SETTINGS }),
    save(settings: TDesktopSettings): SettingsView {
      file.set(SETTINGS_KEY, ZDesktopSettings.parse(settings))
      return { settings: read(), defaults: DEFAULT_SETTINGS }
    },
  }
}

export type DesktopSettings = ReturnType<typeof createDesktopSettings>
