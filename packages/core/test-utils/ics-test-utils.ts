/*
 * A small iCalendar reader for the calendar tests (never imported by production code): it
 * unfolds lines and splits each VEVENT into properties, so tests check what a calendar app
 * would read rather than the exact bytes.
 */

/** Reverses RFC 5545 TEXT escaping. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_match, char: string) =>
    char === 'n' || char === 'N' ? '\n' : char,
  )
}

/** One component's properties: `raw` whole unfolded lines, `text` unescaped values. */
export type IcsComponent = { raw: Record<string, string>; text: Record<string, string> }

/** What {@link parseIcs} read. */
export type ParsedIcs = {
  properties: Record<string, string>
  timezones: string[]
  events: IcsComponent[]
}

/** Reads a calendar file; throws when its structure is broken. */
export function parseIcs(text: string): ParsedIcs {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n')
  if (lines.at(-1) === '') lines.pop()
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') {
    throw new Error('not a VCALENDAR')
  }
  const result: ParsedIcs = { properties: {}, timezones: [], events: [] }
  const stack: string[] = []
  let event: IcsComponent | undefined
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon < 0) throw new Error(`line without a value: ${line}`)
    const head = line.slice(0, colon)
    const value = line.slice(colon + 1)
    const name = head.split(';')[0] ?? ''
    if (name === 'BEGIN') {
      stack.push(value)
      if (value === 'VEVENT') event = { raw: {}, text: {} }
      continue
    }
    if (name === 'END') {
      if (stack.pop() !== value) throw new Error(`unbalanced END:${value}`)
      if (value === 'VEVENT' && event) result.events.push(event)
      continue
    }
    const inside = stack.at(-1)
    if (inside === 'VEVENT' && event) {
      event.raw[name] = line
      event.text[name] = unescapeText(value)
    } else if (inside === 'VTIMEZONE' && name === 'TZID') {
      result.timezones.push(value)
    } else if (inside === 'VCALENDAR') {
      result.properties[name] = unescapeText(value)
    }
  }
  if (stack.length > 0) throw new Error('unclosed component')
  return result
}
