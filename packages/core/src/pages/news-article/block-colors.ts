/*
 * A block's stored colour class is never written into the page. Each class it names is looked
 * up here and, when known, replaced by one of our own classes; anything else is dropped. The
 * sample content uses Tailwind-style names (`text-slate-700`), so the common ones map onto the
 * theme's colours, all of which keep at least 4.5:1 contrast on white.
 */
const BLOCK_COLORS: Readonly<Record<string, string>> = {
  'text-navy': 'block-color--navy',
  'text-red': 'block-color--red',
  'text-muted': 'block-color--muted',
  'text-ink': 'block-color--ink',
  'text-slate-900': 'block-color--ink',
  'text-slate-800': 'block-color--ink',
  'text-slate-700': 'block-color--ink',
  'text-slate-600': 'block-color--muted',
  'text-gray-900': 'block-color--ink',
  'text-gray-800': 'block-color--ink',
  'text-gray-700': 'block-color--ink',
  'text-gray-600': 'block-color--muted',
  'text-blue-900': 'block-color--navy',
  'text-red-700': 'block-color--red',
  'text-red-600': 'block-color--red',
}

/**
 * The safe class for a stored colour class list: the first name that is on the allow-list,
 * mapped to our class, or `''` when none is.
 *
 * @example
 * blockColorClass('text-slate-900 font-bold') // 'block-color--ink'
 * blockColorClass('x" onmouseover="alert(1)') // ''
 */
export function blockColorClass(stored: string): string {
  for (const name of stored.split(/\s+/)) {
    const mapped = Object.hasOwn(BLOCK_COLORS, name) ? BLOCK_COLORS[name] : undefined
    if (mapped) return mapped
  }
  return ''
}
