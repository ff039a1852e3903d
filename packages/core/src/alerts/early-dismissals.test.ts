// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { DISMISSED_ALERTS_KEY } from './dismissed-alerts.ts'
import { EARLY_DISMISSALS_LIMIT, EARLY_DISMISSALS_SCRIPT } from './early-dismissals.ts'

/** The escaping browsers do (CSSOM's serialize-an-identifier), for jsdom, which lacks it. */
function cssEscape(value: string): string {
  return [...value]
    .map((char, index) => {
      const code = char.codePointAt(0) ?? 0
      if (code === 0) return '\uFFFD'
      if ((code >= 0x1 && code <= 0x1f) || code === 0x7f) return `\\${code.toString(16)} `
      if (index === 0 && /[0-9]/.test(char)) return `\\${code.toString(16)} `
      if (/[-_a-zA-Z0-9]/.test(char) || code >= 0x80) return char
      return `\\${char}`
    })
    .join('')
}

function runScript() {
  new Function(EARLY_DISMISSALS_SCRIPT)()
  return document.getElementById('early-dismissals')
}

beforeAll(() => {
  if (typeof globalThis.CSS?.escape !== 'function') {
    Object.assign(globalThis, { CSS: { escape: cssEscape } })
  }
})

afterEach(() => {
  sessionStorage.clear()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('early dismissals script', () => {
  it('should hide each dismissed alert and the bar once nothing in it is left', () => {
    sessionStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify(['alert-a', 'alert-b']))
    const css = runScript()?.textContent ?? ''
    expect(css).toContain(
      '[data-alert-dismissal="alert-a"],[data-alert-dismissal="alert-b"]{display:none!important}',
    )
    expect(css).toContain(
      '.alerts-bar:not(:has([data-alert-dismissal]:not([data-alert-dismissal="alert-a"],[data-alert-dismissal="alert-b"]),.alerts-bar__status-line,.alerts-bar__live-lost))',
    )
  })

  it('should keep the bar while it holds the status line, which is never dismissed', () => {
    sessionStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify(['alert-a']))
    document.body.innerHTML =
      '<section class="alerts-bar" id="with-line"><p class="alerts-bar__status-line"></p><li data-alert-dismissal="alert-a"></li></section>' +
      '<section class="alerts-bar" id="without"><li data-alert-dismissal="alert-a"></li></section>'
    const rule = (runScript()?.textContent ?? '').split('}')[1]?.split('{')[0] ?? ''
    expect([...document.querySelectorAll(rule)].map((el) => el.id)).toEqual(['without'])
  })

  it('should select exactly the dismissed alerts, whatever characters their ids hold', () => {
    const hostile = 'x"]{}</style><script>alert(1)</script>'
    sessionStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify([hostile, '1st']))
    document.body.innerHTML = '<ul><li id="a"></li><li id="b"></li><li id="c"></li></ul>'
    document.getElementById('a')?.setAttribute('data-alert-dismissal', hostile)
    document.getElementById('b')?.setAttribute('data-alert-dismissal', '1st')
    document.getElementById('c')?.setAttribute('data-alert-dismissal', 'kept')
    const style = runScript()
    const rule = (style?.textContent ?? '').split('{display:none!important}')[0] ?? ''
    expect([...document.querySelectorAll(rule)].map((el) => el.id)).toEqual(['a', 'b'])
    // Set as text: nothing in an id becomes markup.
    expect(document.querySelectorAll('script')).toHaveLength(0)
    expect(style?.children).toHaveLength(0)
  })

  it('should add nothing when no alert was dismissed or the entry cannot be read', () => {
    expect(runScript()).toBeNull()
    for (const stored of ['{not json', '{"a":1}', '[1,null,{}]', '[]']) {
      sessionStorage.setItem(DISMISSED_ALERTS_KEY, stored)
      expect(runScript()).toBeNull()
    }
  })

  it('should skip ids that are not strings and stop at the limit', () => {
    const many = Array.from({ length: EARLY_DISMISSALS_LIMIT + 50 }, (_, i) => `id-${i}`)
    sessionStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify([7, ...many]))
    const css = runScript()?.textContent ?? ''
    const rule = css.split('{display:none!important}')[0] ?? ''
    expect(rule.split(',')).toHaveLength(EARLY_DISMISSALS_LIMIT)
    expect(rule).not.toContain('"7"')
  })
})
