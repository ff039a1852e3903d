/**
 * The right-click menu as data, and the spellchecker's languages: pure functions of what
 * Chromium reports (the context-menu params, the system's languages), so each platform's menu is
 * unit-tested without Electron. `installContextMenu` is the thin part main calls per window.
 */
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron'

import { accelerators } from './menu-template.ts'

/** The part of Electron's context-menu params the menu reads. */
export type ContextParams = Pick<
  ContextMenuParams,
  'x' | 'y' | 'isEditable' | 'selectionText' | 'misspelledWord' | 'dictionarySuggestions'
> & {
  editFlags: Pick<
    ContextMenuParams['editFlags'],
    'canCut' | 'canCopy' | 'canPaste' | 'canSelectAll'
  >
}

/** What the menu's own items do; main supplies them from the window's web contents. */
export type ContextMenuActions = {
  replaceMisspelling(word: string): void
  addToDictionary(word: string): void
  inspect(x: number, y: number): void
}

/** At most this many spelling suggestions, as Chromium's own menu shows. */
export const MAX_SUGGESTIONS = 5

/**
 * The context menu for one right-click: spelling first (suggestions, "Add to dictionary") on a
 * misspelled word, then cut/copy/paste/select all in a field (copy and select all on a page),
 * then "Inspect" in development. Empty when there is nothing to offer (no menu then).
 * macOS writes its items in title case, as its own menus do.
 */
export function contextMenuTemplate(options: {
  params: ContextParams
  platform: NodeJS.Platform
  isDev: boolean
  actions: ContextMenuActions
}): MenuItemConstructorOptions[] {
  const { params, platform, isDev, actions } = options
  const mac = platform === 'darwin'
  const keys = accelerators(platform)
  const flags = params.editFlags
  const groups: MenuItemConstructorOptions[][] = []

  const word = params.misspelledWord
  if (params.isEditable && word) {
    const suggestions = params.dictionarySuggestions.slice(0, MAX_SUGGESTIONS)
    groups.push([
      ...(suggestions.length > 0
        ? suggestions.map((suggestion) => ({
            label: suggestion,
            click: () => actions.replaceMisspelling(suggestion),
          }))
        : [{ label: mac ? 'No Guesses Found' : 'No suggestions', enabled: false }]),
      {
        id: 'add-to-dictionary',
        label: mac ? 'Learn Spelling' : 'Add to dictionary',
        click: () => actions.addToDictionary(word),
      },
    ])
  }

  const hasSelection = params.selectionText.trim().length > 0
  const selectAll: MenuItemConstructorOptions = {
    role: 'selectAll',
    label: mac ? 'Select All' : 'Select all',
    accelerator: keys.selectAll,
    enabled: flags.canSelectAll,
  }
  if (params.isEditable) {
    groups.push([
      { role: 'cut', label: 'Cut', accelerator: keys.cut, enabled: flags.canCut },
      { role: 'copy', label: 'Copy', accelerator: keys.copy, enabled: flags.canCopy },
      { role: 'paste', label: 'Paste', accelerator: keys.paste, enabled: flags.canPaste },
    ])
    groups.push([selectAll])
  } else if (hasSelection) {
    groups.push([
      { role: 'copy', label: 'Copy', accelerator: keys.copy, enabled: flags.canCopy },
      selectAll,
    ])
  }

  if (isDev) {
    groups.push([
      {
        id: 'inspect',
        label: mac ? 'Inspect Element' : 'Inspect',
        click: () => actions.inspect(params.x, params.y),
      },
    ])
  }

  return groups.flatMap((group, index) =>
    index === 0 ? group : [{ type: 'separator' as const }, ...group],
  )
}

/**
 * The spellchecker's languages: the system's preferred languages (most preferred first) that
 * Chromium has a dictionary for, matched exactly or by language (`de-CH` takes `de-DE` when
 * there is no Swiss dictionary); `en-US` when none matches. Chromium's spellchecker slows with
 * many dictionaries, so at most three.
 */
export function spellCheckerLanguages(
  preferred: readonly string[],
  available: readonly string[],
): string[] {
  const byLower = new Map(available.map((code) => [code.toLowerCase(), code]))
  const base = (code: string) => code.toLowerCase().split(/[-_]/)[0] ?? ''
  const chosen: string[] = []
  for (const wanted of preferred) {
    const exact = byLower.get(wanted.toLowerCase().replace('_', '-'))
    const sameLanguage =
      byLower.get(base(wanted)) ?? available.find((code) => base(code) === base(wanted))
    const match = exact ?? sameLanguage
    if (match && !chosen.includes(match)) chosen.push(match)
    if (chosen.length === 3) break
  }
  if (chosen.length === 0 && byLower.has('en-us')) chosen.push(byLower.get('en-us') as string)
  return chosen
}

/** The parts of Electron main installs the context menu and spellchecker with. */
export type ContextMenuHost = {
  platform: NodeJS.Platform
  isDev: boolean
  /** `app.getPreferredSystemLanguages()`. */
  preferredLanguages(): string[]
  /** `Menu.buildFromTemplate(template).popup()`. */
  popup(template: MenuItemConstructorOptions[]): void
}

/** The part of a session the spellchecker is set up on. */
export type SpellCheckSession = {
  availableSpellCheckerLanguages: string[]
  setSpellCheckerLanguages(languages: string[]): void
  addWordToSpellCheckerDictionary(word: string): boolean
}

/** The part of web contents the context menu listens on and acts through. */
export type ContextMenuContents = {
  on(event: 'context-menu', listener: (event: unknown, params: ContextParams) => void): unknown
  replaceMisspelling(word: string): void
  inspectElement(x: number, y: number): void
  session: SpellCheckSession
}

/**
 * Sets the spellchecker's languages from the system's (not on macOS, whose own spellchecker
 * follows the system by itself and ignores the list) and opens the context menu on right-click.
 */
export function installContextMenu(contents: ContextMenuContents, host: ContextMenuHost) {
  if (host.platform !== 'darwin') {
    const languages = spellCheckerLanguages(
      host.preferredLanguages(),
      contents.session.availableSpellCheckerLanguages,
    )
    if (languages.length > 0) contents.session.setSpellCheckerLanguages(languages)
  }
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate({
      params,
      platform: host.platform,
      isDev: host.isDev,
      actions: {
        replaceMisspelling: (word) => contents.replaceMisspelling(word),
        addToDictionary: (word) => void contents.session.addWordToSpellCheckerDictionary(word),
        inspect: (x, y) => contents.inspectElement(x, y),
      },
    })
    if (template.length > 0) host.popup(template)
  })
}
