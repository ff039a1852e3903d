/**
 * Site search (issue 35 §2): what the header's search shows of Pagefind's answers. The index
 * is built from the prerendered pages (apps/web/scripts/search-index.ts); each page's main
 * content is marked `data-pagefind-body` and carries its kind (`data-pagefind-meta`), from
 * search-kind.ts. Everything Pagefind answers is read as hostile: its excerpts are HTML, so
 * only their text is kept and the `<mark>`s around the words found are rebuilt; a result leads
 * only to a path of this site.
 */

/** One piece of an excerpt: text, marked when it is a word searched for. */
export type ExcerptPart = { text: string; marked: boolean }

/** HTML's text: the entities decoded, any tag dropped (nothing is run or loaded). */
function htmlText(html: string): string {
  if (!/[<&]/.test(html)) return html
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  return parsed.body.textContent ?? ''
}

/**
 * An excerpt of Pagefind's (HTML, the words found in `<mark>`) as text and marks only.
 *
 * @example
 * excerptParts('Our <mark>tryouts</mark> &amp; more') // [{ text: 'Our ', marked: false }, { text: 'tryouts', marked: true }, { text: ' & more', marked: false }]
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = []
  let marked = false
  for (const piece of excerpt.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') {
      marked = piece === '<mark>'
      continue
    }
    const text = htmlText(piece)
    if (text) parts.push({ text, marked })
  }
  return parts
}

/** A path of this site (`/x`, `/x#y`), or undefined for anything else. */
export function sitePath(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return undefined
  if (/[\\\p{Cc}\s]/u.test(url)) return undefined
  return url
}

/** One result as Pagefind's `data()` gives it (the fields read here). */
export type PagefindResultData = {
  url: string
  excerpt: string
  meta: Record<string, string | undefined>
  sub_results?: { title: string; url: string; excerpt: string; locations?: number[] }[]
}

/** One result as the search shows it. */
export type SearchHit = {
  /** Where it leads: the page, or the section of it where the words are. */
  path: string
  title: string
  /** The section's heading, when it leads to a section. */
  section?: string
  kind: string
  excerpt: ExcerptPart[]
}

/**
 * What the search shows of one result: the page's title and kind, and the section of it with
 * the most of the words found (its heading and its excerpt), else the page's own excerpt.
 * Undefined when it leads anywhere but a path of this site.
 */
export function searchHit(data: PagefindResultData): SearchHit | undefined {
  const path = sitePath(data.url)
  if (!path) return undefined
  const title = String(data.meta.title ?? '').trim() || path
  const kind = String(data.meta.kind ?? 'Page')
  let best: NonNullable<PagefindResultData['sub_results']>[number] | undefined
  for (const sub of data.sub_results ?? []) {
    if (!sitePath(sub.url)?.includes('#')) continue
    if (!best || (sub.locations?.length ?? 0) > (best.locations?.length ?? 0)) best = sub
  }
  const sectionPath = best && sitePath(best.url)
  if (best && sectionPath) {
    return {
      path: sectionPath,
      title,
      section: best.title.trim() || undefined,
      kind,
      excerpt: excerptParts(best.excerpt),
    }
  }
  return { path, title, kind, excerpt: excerptParts(data.excerpt) }
}

/** What the status line says (and screen readers announce) for `count` results of `query`. */
export function resultsMessage(count: number, query: string, shown: number): string {
  const words = `“${query.trim()}”`
  if (count === 0) return `No results for ${words}. Try other or fewer words.`
  const found = `${count} ${count === 1 ? 'result' : 'results'} for ${words}`
  return shown < count ? `${found}, the best ${shown} shown.` : `${found}.`
}
