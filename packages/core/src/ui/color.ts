/*
 * Program cards take their colours from stored data, so the page picks text colours that stay
 * readable on whatever background an editor chose (WCAG 2 relative luminance and contrast).
 */

/** Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` into 0–255 channels; alpha is ignored. */
export function parseHex(hex: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim())
  const digits = match?.[1]
  if (!digits) return undefined
  const full =
    digits.length <= 4
      ? digits
          .slice(0, 3)
          .split('')
          .map((d) => d + d)
          .join('')
      : digits.slice(0, 6)
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number]
}

/** The WCAG relative luminance of a colour, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The WCAG contrast ratio between two hex colours (1 to 21); 1 when either is unreadable. */
export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a)
  const cb = parseHex(b)
  if (!ca || !cb) return 1
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x) as [
    number,
    number,
  ]
  return (hi + 0.05) / (lo + 0.05)
}

const LIGHT_TEXT = '#ffffff'
const DARK_TEXT = '#000000'

/** White or black, whichever contrasts more with `background` (white for unreadable input). */
export function readableTextOn(background: string): string {
  if (!parseHex(background)) return LIGHT_TEXT
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT
}
