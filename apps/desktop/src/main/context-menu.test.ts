import { EventEmitter } from 'node:events'

import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'

import { contextMenuTemplate, installContextMenu, spellCheckerLanguages } from './context-menu.ts'
import type { ContextMenuActions, ContextParams } from './context-menu.ts'

const FLAGS = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true }

const params = (overrides: Partial<ContextParams> = {}): ContextParams => ({
  x: 10,
  y: 20,
  isEditable: true,
  selectionText: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: FLAGS,
  ...overrides,
})

const actions = (): ContextMenuActions => ({
  replaceMisspelling: vi.fn(),
  addToDictionary: vi.fn(),
  inspect: vi.fn(),
})

const build = (
  platform: NodeJS.Platform,
  overrides: Partial<ContextParams> = {},
  isDev = false,
  menuActions = actions(),
) => contextMenuTemplate({ params: params(overrides), platform, isDev, actions: menuActions })

/** The menu as a reader sees it: labels, `—` for a separator, `(off)` after a disabled item. */
const shown = (menu: MenuItemConstructorOptions[]) =>
  menu.map((item) =>
    item.type === 'separator' ? '—' : `${item.label}${item.enabled === false ? ' (off)' : ''}`,
  )
const click = (menu: MenuItemConstructorOptions[], label: string) =>
  (menu.find((item) => item.label === label)?.click as (() => void) | undefined)?.()

describe('contextMenuTemplate', () => {
  it.each([
    ['linux', ['Cut', 'Copy', 'Paste', '—', 'Select all']],
    ['win32', ['Cut', 'Copy', 'Paste', '—', 'Select all']],
    ['darwin', ['Cut', 'Copy', 'Paste', '—', 'Select All']],
  ] as const)('should offer cut, copy, paste and select all in a field on %s', (platform, menu) => {
    expect(shown(build(platform))).toEqual(menu)
  })

  it.each([
    ['linux', 'Ctrl+X', 'Ctrl+A'],
    ['win32', 'Ctrl+X', 'Ctrl+A'],
    ['darwin', 'Cmd+X', 'Cmd+A'],
  ] as const)('should show %s’s accelerators', (platform, cut, selectAll) => {
    const menu = build(platform)
    expect([menu[0]?.accelerator, menu.at(-1)?.accelerator]).toEqual([cut, selectAll])
  })

  it('should use Electron’s roles for the edit items', () => {
    expect(build('linux').map((item) => item.role ?? item.type)).toEqual([
      'cut',
      'copy',
      'paste',
      'separator',
      'selectAll',
    ])
  })

  it('should disable what the field cannot do', () => {
    const menu = build('win32', {
      editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true },
    })
    expect(shown(menu)).toEqual(['Cut (off)', 'Copy (off)', 'Paste', '—', 'Select all'])
  })

  it('should offer copy and select all on selected page text', () => {
    expect(shown(build('linux', { isEditable: false, selectionText: 'Opening day' }))).toEqual([
      'Copy',
      'Select all',
    ])
  })

  it('should offer nothing on the page without a selection outside development', () => {
    expect(build('linux', { isEditable: false, selectionText: '  ' })).toEqual([])
  })

  it.each([
    ['linux', 'Inspect'],
    ['win32', 'Inspect'],
    ['darwin', 'Inspect Element'],
  ] as const)('should offer Inspect in development only on %s', (platform, label) => {
    expect([shown(build(platform)).at(-1), shown(build(platform, {}, true)).at(-1)]).toEqual([
      platform === 'darwin' ? 'Select All' : 'Select all',
      label,
    ])
  })

  it('should inspect where the user clicked', () => {
    const menuActions = actions()
    click(build('linux', { x: 42, y: 7 }, true, menuActions), 'Inspect')
    expect(menuActions.inspect).toHaveBeenCalledWith(42, 7)
  })

  it.each([
    ['linux', 'Add to dictionary'],
    ['win32', 'Add to dictionary'],
    ['darwin', 'Learn Spelling'],
  ] as const)('should put spelling suggestions first on %s', (platform, add) => {
    const menu = build(platform, {
      misspelledWord: 'basebal',
      dictionarySuggestions: ['baseball', 'base ball'],
    })
    expect(shown(menu).slice(0, 4)).toEqual(['baseball', 'base ball', add, '—'])
  })

  it('should show at most five suggestions', () => {
    const menu = build('linux', {
      misspelledWord: 'teh',
      dictionarySuggestions: ['the', 'ten', 'tea', 'tech', 'tel', 'tee', 'ted'],
    })
    expect(shown(menu).slice(0, 5)).toEqual(['the', 'ten', 'tea', 'tech', 'tel'])
    expect(shown(menu)[5]).toBe('Add to dictionary')
  })

  it('should say when there is no suggestion', () => {
    const menu = build('win32', { misspelledWord: 'xqzt', dictionarySuggestions: [] })
    expect(shown(menu).slice(0, 2)).toEqual(['No suggestions (off)', 'Add to dictionary'])
  })

  it('should replace the word with the chosen suggestion', () => {
    const menuActions = actions()
    const menu = build(
      'linux',
      { misspelledWord: 'basebal', dictionarySuggestions: ['baseball'] },
      false,
      menuActions,
    )
    click(menu, 'baseball')
    expect(menuActions.replaceMisspelling).toHaveBeenCalledWith('baseball')
  })

  it('should add the misspelled word to the dictionary', () => {
    const menuActions = actions()
    const menu = build(
      'linux',
      { misspelledWord: 'Tigerettes', dictionarySuggestions: [] },
      false,
      menuActions,
    )
    click(menu, 'Add to dictionary')
    expect(menuActions.addToDictionary).toHaveBeenCalledWith('Tigerettes')
  })
})

describe('spellCheckerLanguages', () => {
  const available = ['de-DE', 'en-GB', 'en-US', 'fr', 'fr-CA', 'nl']

  it('should take the preferred languages with a dictionary, in order', () => {
    expect(spellCheckerLanguages(['en-GB', 'fr-CA'], available)).toEqual(['en-GB', 'fr-CA'])
  })

  it('should fall back from a region to the language', () => {
    expect(spellCheckerLanguages(['de-CH', 'fr-BE'], available)).toEqual(['de-DE', 'fr'])
  })

  it('should match regardless of case and underscore', () => {
    expect(spellCheckerLanguages(['EN_gb'], available)).toEqual(['en-GB'])
  })

  it('should skip languages without a dictionary and not repeat one', () => {
    expect(spellCheckerLanguages(['ja-JP', 'nl-BE', 'nl-NL'], available)).toEqual(['nl'])
  })

  it('should keep at most three', () => {
    expect(spellCheckerLanguages(['nl', 'fr', 'de-DE', 'en-US'], available)).toEqual([
      'nl',
      'fr',
      'de-DE',
    ])
  })

  it('should use en-US when no preferred language has a dictionary', () => {
    expect(spellCheckerLanguages(['ja-JP'], available)).toEqual(['en-US'])
  })

  it('should choose none when even en-US is missing', () => {
    expect(spellCheckerLanguages(['ja-JP'], ['de-DE'])).toEqual([])
  })
})

describe('installContextMenu', () => {
  const setup = (platform: NodeJS.Platform) => {
    const contents = Object.assign(new EventEmitter(), {
      replaceMisspelling: vi.fn(),
      inspectElement: vi.fn(),
      session: {
        availableSpellCheckerLanguages: ['en-US', 'de-DE'],
        setSpellCheckerLanguages: vi.fn(),
        addWordToSpellCheckerDictionary: vi.fn(() => true),
      },
    })
    const popup = vi.fn()
    installContextMenu(contents, {
      platform,
      isDev: false,
      preferredLanguages: () => ['de-AT', 'en-US'],
      popup,
    })
    return { contents, popup }
  }

  it('should set the system’s languages on the session', () => {
    const { contents } = setup('win32')
    expect(contents.session.setSpellCheckerLanguages).toHaveBeenCalledWith(['de-DE', 'en-US'])
  })

  it('should leave macOS’s own spellchecker alone', () => {
    const { contents } = setup('darwin')
    expect(contents.session.setSpellCheckerLanguages).not.toHaveBeenCalled()
  })

  it('should pop the menu up on a right-click in a field', () => {
    const { contents, popup } = setup('linux')
    contents.emit('context-menu', {}, params())
    expect(shown(popup.mock.calls[0]?.[0] as MenuItemConstructorOptions[])).toEqual([
      'Cut',
      'Copy',
      'Paste',
      '—',
      'Select all',
    ])
  })

  it('should not pop up an empty menu', () => {
    const { contents, popup } = setup('linux')
    contents.emit('context-menu', {}, params({ isEditable: false }))
    expect(popup).not.toHaveBeenCalled()
  })

  it('should add a word to the session’s dictionary', () => {
    const { contents, popup } = setup('linux')
    contents.emit('context-menu', {}, params({ misspelledWord: 'Tigerettes' }))
    click(popup.mock.calls[0]?.[0] as MenuItemConstructorOptions[], 'Add to dictionary')
    expect(contents.session.addWordToSpellCheckerDictionary).toHaveBeenCalledWith('Tigerettes')
  })
})
