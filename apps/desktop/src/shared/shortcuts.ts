/**
 * The app's keyboard shortcuts on each platform: the native menu's accelerators, and the list
 * Help → Keyboard shortcuts shows. Runtime-neutral, so main and the renderer read one table.
 */

/** Accelerators as each platform writes them (Cmd on macOS, Ctrl elsewhere). */
export function accelerators(platform: string) {
  const mac = platform === 'darwin'
  const mod = mac ? 'Cmd' : 'Ctrl'
  return {
    upload: `${mod}+Shift+U`,
    undo: `${mod}+Z`,
    // Each platform's own redo: Windows' Ctrl+Y, GNOME's and KDE's Ctrl+Shift+Z.
    redo: mac ? 'Shift+Cmd+Z' : platform === 'win32' ? 'Ctrl+Y' : 'Ctrl+Shift+Z',
    cut: `${mod}+X`,
    copy: `${mod}+C`,
    paste: `${mod}+V`,
    selectAll: `${mod}+A`,
    reload: `${mod}+R`,
    resetZoom: `${mod}+0`,
    zoomIn: `${mod}+Plus`,
    zoomOut: `${mod}+-`,
    fullScreen: mac ? 'Ctrl+Cmd+F' : 'F11',
    devTools: mac ? 'Alt+Cmd+I' : 'Ctrl+Shift+I',
    quit: platform === 'win32' ? 'Alt+F4' : `${mod}+Q`,
    minimize: `${mod}+M`,
    close: `${mod}+W`,
    settings: mac ? 'Cmd+,' : 'Ctrl+,',
  }
}

export type ShortcutName = keyof ReturnType<typeof accelerators>

/** What each shortcut does, in the order the list shows them (developer tools left out). */
export const SHORTCUT_LABELS: readonly [ShortcutName, string][] = [
  ['upload', 'Upload photos from folder'],
  ['settings', 'Settings'],
  ['undo', 'Undo'],
  ['redo', 'Redo'],
  ['cut', 'Cut'],
  ['copy', 'Copy'],
  ['paste', 'Paste'],
  ['selectAll', 'Select all'],
  ['reload', 'Reload the window'],
  ['zoomIn', 'Zoom in'],
  ['zoomOut', 'Zoom out'],
  ['resetZoom', 'Actual size'],
  ['fullScreen', 'Full screen'],
  ['minimize', 'Minimize'],
  ['close', 'Close the window'],
  ['quit', 'Quit'],
]

/** A key as the platform prints it: ⌘ ⇧ ⌥ ⌃ on macOS, `Ctrl+Shift+…` elsewhere. */
export function keyLabel(accelerator: string, platform: string): string {
  const mac = platform === 'darwin'
  const symbols: Record<string, string> = mac
    ? { Cmd: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃', Plus: '+' }
    : { Plus: '+' }
  return accelerator
    .split('+')
    .map((part) => symbols[part] ?? part)
    .join(mac ? '' : '+')
}

/** The list Help → Keyboard shortcuts shows on `platform`. */
export function shortcutList(platform: string): { action: string; keys: string }[] {
  const keys = accelerators(platform)
  return SHORTCUT_LABELS.map(([name, action]) => ({ action, keys: keyLabel(keys[name], platform) }))
}
