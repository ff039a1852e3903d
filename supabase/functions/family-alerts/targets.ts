// What a family may follow, named as the site names it, and whom a status alert concerns.
// Everything here is read from the stored documents (teams, programsContent, fieldsContent),
// never from the request.
import type { SupabaseClient } from '@supabase/supabase-js'

import { PROGRAM_NAMES } from '../_shared/programs.ts'

export type FollowKind = 'team' | 'program' | 'field' | 'club'
export type Follow = { kind: FollowKind; ref: string }

export type Catalog = {
  teams: Map<string, { name: string; program: string }>
  programs: Map<string, string>
  fields: Map<string, string>
  /**
   * The kinds whose document is not stored: the site then shows its built-in sample content,
   * which this function cannot read, so any slug is taken for one and named from the slug.
   */
  unstored: Set<'team' | 'program' | 'field'>
}

/**
 * The club's programs: the slugs of the functions' one list (../_shared/programs.ts), which
 * packages/local-supabase/test/family-alerts.test.ts keeps equal to packages/core's
 * entities/enums.ts PROGRAM_SLUGS (a function cannot import the site's code).
 */
export const PROGRAM_SLUGS: readonly string[] = Object.keys(PROGRAM_NAMES)

/** The covering sentence a family sees (as the site's alertsCover): "Big Train 12U: cancellations, field closures and schedule changes". */
export const covers = (name: string) =>
  `${name}: cancellations, field closures and schedule changes`

/** A name from a slug, for a document not stored: "big-train-12u" → "Big Train 12U". */
export function nameFromSlug(slug: string): string {
  return slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) =>
      /\d/.test(word) ? word.toUpperCase() : `${word[0]!.toUpperCase()}${word.slice(1)}`,
    )
    .join(' ')
}

/** The program a team key names by its prefix (`flash-10u` → flash-softball). */
export function programOfKey(key: string): string {
  const prefixes = PROGRAM_SLUGS.map((slug) => [KEY_PREFIX[slug] ?? slug, slug] as const).sort(
    (a, b) => b[0].length - a[0].length,
  )
  return prefixes.find(([prefix]) => key.startsWith(`${prefix}-`))?.[1] ?? ''
}

/** Team keys start with their program's slug, except these (packages/core routing/public-paths.ts). */
const KEY_PREFIX: Record<string, string> = { 'flash-softball': 'flash', dmv: 'dmv-prospects' }

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 120) : fallback

export async function readCatalog(db: SupabaseClient): Promise<Catalog> {
  const { data, error } = await db
    .from('website_content')
    .select('key, value')
    .in('key', ['teams', 'programsContent', 'fieldsContent'])
  if (error) throw new Error(`could not read the teams, programs and fields: ${error.message}`)
  const stored = (key: string) =>
    (data ?? []).find((row: { key: string }) => row.key === key)?.value as
      Record<string, unknown> | undefined
  const value = (key: string) => stored(key) ?? {}
  const unstored = new Set<'team' | 'program' | 'field'>()
  if (!stored('teams')) unstored.add('team')
  if (!stored('programsContent')) unstored.add('program')
  if (!stored('fieldsContent')) unstored.add('field')
  const teams = new Map<string, { name: string; program: string }>()
  for (const [key, team] of Object.entries(value('teams'))) {
    const item = (team ?? {}) as Record<string, unknown>
    teams.set(key, { name: text(item.name, key), program: text(item.programSlug, '') })
  }
  const programs = new Map<string, string>()
  for (const [slug, program] of Object.entries(value('programsContent'))) {
    programs.set(slug, text((program as Record<string, unknown> | null)?.name, slug))
  }
  const fields = new Map<string, string>()
  const list = value('fieldsContent').fields
  for (const field of Array.isArray(list) ? list : []) {
    const item = (field ?? {}) as Record<string, unknown>
    if (typeof item.id === 'string') fields.set(item.id, text(item.name, item.id))
  }
  return { teams, programs, fields, unstored }
}

/** The name of what `follow` follows, or undefined when there is no such team, program or field. */
export function followName(catalog: Catalog, follow: Follow): string | undefined {
  switch (follow.kind) {
    case 'club':
      return 'All fields and teams'
    case 'team':
      return catalog.teams.get(follow.ref)?.name ?? fromSlug(catalog, follow)
    case 'program':
      return (
        catalog.programs.get(follow.ref) ??
        (PROGRAM_SLUGS.includes(follow.ref) ? fromSlug(catalog, follow) : undefined)
      )
    case 'field':
      return catalog.fields.get(follow.ref) ?? fromSlug(catalog, follow)
  }
}

function fromSlug(catalog: Catalog, follow: Follow): string | undefined {
  return follow.kind !== 'club' &&
    catalog.unstored.has(follow.kind) &&
    /^[a-z0-9-]{1,100}$/.test(follow.ref)
    ? nameFromSlug(follow.ref)
    : undefined
}

/**
 * What a status alert concerns, from its target pages (none: everyone). Beside the site's
 * pages, `/fields#<field id>` names one field (the field-status and schedule triggers of
 * 20261206008000_family_alerts_fields_schedule.sql).
 */
export type Audience = {
  everyone: boolean
  teams: string[]
  programs: string[]
  fields: string[]
  /** Programs whose every team is concerned, when the teams are not stored (matched by key prefix). */
  programTeams?: string[]
  /** Every field is concerned, and the fields are not stored (each followed field is). */
  allFields?: boolean
}

export function audienceOf(catalog: Catalog, targetPages: string[]): Audience {
  if (targetPages.length === 0) return { everyone: true, teams: [], programs: [], fields: [] }
  const teams = new Set<string>()
  const programs = new Set<string>()
  const fields = new Set<string>()
  const addProgramTeams: string[] = []
  let allFields = false
  const addTeam = (key: string) => {
    const team = catalog.teams.get(key)
    if (!team && !catalog.unstored.has('team')) return
    teams.add(key)
    const program = team?.program || programOfKey(key)
    if (program) programs.add(program)
  }
  for (const page of targetPages) {
    const parts = page
      .toLowerCase()
      .replace(/^\/+|\/+$/g, '')
      .split('/')
    const field = /^fields#([A-Za-z0-9_-]{1,100})$/.exec(parts.join('/'))?.[1]
    if (field) {
      // One field (a field closed or reopened, a game given another field): its followers.
      const id = [...catalog.fields.keys()].find((key) => key.toLowerCase() === field)
      if (id) fields.add(id)
      else if (catalog.unstored.has('field')) fields.add(field)
    } else if (parts[0] === 'fields' && parts.length === 1) {
      for (const id of catalog.fields.keys()) fields.add(id)
      if (catalog.unstored.has('field')) allFields = true
    } else if (parts[0] === 'team' && parts.length === 2) {
      addTeam(parts[1]!)
    } else if (parts[0] === 'dmv' && parts.length === 2) {
      addTeam(`dmv-prospects-${parts[1]}`)
    } else if (parts[0] === 'programs' && parts.length === 3) {
      addTeam(`${KEY_PREFIX[parts[1]!] ?? parts[1]}-${parts[2]}`)
    } else if (parts[0] === 'programs' && parts.length === 2) {
      // An alert on a program's page concerns its teams too.
      const program = parts[1]!
      programs.add(program)
      for (const [key, team] of catalog.teams) if (team.program === program) teams.add(key)
      if (catalog.unstored.has('team')) addProgramTeams.push(program)
    }
  }
  return {
    everyone: false,
    teams: [...teams],
    programs: [...programs],
    fields: [...fields],
    programTeams: addProgramTeams,
    allFields,
  }
}

/** The site's page of what an alert concerns: its first target page, or /fields (the day's status). */
export function alertPath(targetPages: string[]): string {
  const first = targetPages[0]
  if (!first) return '/fields'
  const path = first.startsWith('/') ? first : `/${first}`
  return /^\/[A-Za-z0-9/_-]*$/.test(path) ? path : '/fields'
}
