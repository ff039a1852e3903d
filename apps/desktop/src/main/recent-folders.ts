/**
 * File → Open Recent: the folders last chosen for upload, newest first, kept in the settings
 * file (paths stay in main; the renderer never sees them). A folder opened again moves to the
 * top; the list keeps at most `RECENT_LIMIT`.
 */
import { basename } from 'node:path'

import { z } from 'zod'

import type { SecretFile } from './credential-store.ts'

export const RECENT_LIMIT = 8
const RECENT_KEY = 'recentFolders'
const ZRecent = z.array(z.string().min(1).max(4096)).max(RECENT_LIMIT)

/** The recent folders over a key-value file; `onChange` runs after every change (the menu). */
export function createRecentFolders(file: SecretFile, onChange: () => void = () => {}) {
  const list = (): string[] => {
    const parsed = ZRecent.safeParse(file.get(RECENT_KEY))
    return parsed.success ? parsed.data : []
  }
  return {
    list,
    add(folder: string): void {
      const next = [folder, ...list().filter((each) => each !== folder)].slice(0, RECENT_LIMIT)
      file.set(RECENT_KEY, next)
      onChange()
    },
    remove(folder: string): void {
      file.set(
        RECENT_KEY,
        list().filter((each) => each !== folder),
      )
      onChange()
    },
    clear(): void {
      file.set(RECENT_KEY, [])
      onChange()
    },
  }
}

export type RecentFolders = ReturnType<typeof createRecentFolders>

/**
 * The menu's labels: the folder's name, with its parent's when two share a name. `&` is doubled
 * (Windows' and Linux's menus read a single one as a mnemonic).
 */
export function recentLabels(folders: readonly string[]): string[] {
  const names = folders.map((folder) => basename(folder) || folder)
  return folders.map((folder, index) => {
    const name = names[index]!
    const shared = names.filter((each) => each === name).length > 1
    const label = shared
      ? `${name} (${basename(folder.slice(0, -name.length - 1)) || folder})`
      : name
    return label.replace(/&/g, '&&')
  })
}
