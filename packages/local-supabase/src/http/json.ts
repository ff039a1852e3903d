/**
 * How deeply arrays and objects may nest in a request body. Documents of the site nest a
 * handful of levels; far deeper ones only crash recursive code (JSON.stringify, Postgres'
 * jsonb input) further down, so every service refuses them before parsing.
 */
export const MAX_JSON_DEPTH = 256

/**
 * True when `text` nests arrays and objects more than `limit` levels deep. A linear
 * scan with no recursion, run before `JSON.parse`; brackets inside strings do not count.
 * Invalid JSON may pass here: the parser refuses it next.
 */
export function jsonNestsTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c)
        i++ // a backslash escapes the next character
      else if (code === 0x22) inString = false
    } else if (code === 0x22) {
      inString = true
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true
    } else if (code === 0x5d || code === 0x7d) {
      depth--
    }
  }
  return false
}
