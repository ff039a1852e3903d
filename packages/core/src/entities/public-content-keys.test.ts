import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { publicRowOf } from '../content/public-forms.ts'
import {
  BACKGROUND_KEYS,
  CONTENT_KEYS,
  PUBLIC_BACKGROUND_KEYS,
  PUBLIC_CONTENT_KEYS,
  STAFF_ONLY_KEYS,
} from './content-keys.ts'

const migrations = fileURLToPath(new URL('../../../../supabase/migrations/', import.meta.url))

/** The keys of the newest `public.is_public_content_key` in supabase/migrations. */
function databaseAllowList(): string[] {
  const sources = readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(`${migrations}${name}`, 'utf8'))
    .filter((sql) => /function public\.is_public_content_key/.test(sql))
  const newest = sources.at(-1)
  if (!newest) throw new Error('no migration defines public.is_public_content_key')
  const body = /is_public_content_key[\s\S]*?array\[([\s\S]*?)\]/.exec(newest)?.[1] ?? ''
  return [...body.replace(/--[^\n]*/g, '').matchAll(/'([^']+)'/g)].map((match) => match[1]!)
}

describe('which documents a visitor may read', () => {
  // A document with a public form (`teams`) is read by visitors in that form's row alone.
  it("should be the database's allow-list exactly, a public form's row for its document", () => {
    expect(databaseAllowList().sort()).toEqual(
      PUBLIC_CONTENT_KEYS.map((key) => publicRowOf(key) ?? key).sort(),
    )
    expect(databaseAllowList()).not.toContain('teams')
  })

  it('should leave out every staff-only key and nothing else', () => {
    expect(STAFF_ONLY_KEYS).toEqual([
      'photoLibrary',
      'adminSettings',
      'adminProfile',
      'adminReminders',
    ])
    expect([...PUBLIC_CONTENT_KEYS, ...STAFF_ONLY_KEYS].sort()).toEqual([...CONTENT_KEYS].sort())
    expect(PUBLIC_BACKGROUND_KEYS).toEqual(
      BACKGROUND_KEYS.filter((key) => !(STAFF_ONLY_KEYS as readonly string[]).includes(key)),
    )
  })
})
