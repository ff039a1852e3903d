/**
 * The one slugifier: page addresses (news posts, teams), anchors (FAQ categories) and album ids.
 *
 * Lower-case letters and digits in words joined by single hyphens, accents dropped
 * (`Café` → `cafe`), `&` read as "and", apostrophes dropped rather than turned into a word
 * break (`Don't` → `dont`), and cut at a word boundary to `maxLength` characters (a single
 * longer word is cut). Text with no letters or digits gives `''`.
 *
 * @example
 * slugify('Spring Registration Is Open!') // 'spring-registration-is-open'
 * slugify('Q&A: Coaches’ Clinic') // 'q-and-a-coaches-clinic'
 */
export function slugify(text: string, maxLength = 100): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`
    // A single word longer than the limit is cut; otherwise stop before the word that does not fit.
    if (next.length > maxLength) return slug === '' ? word.slice(0, maxLength) : slug
    slug = next
  }
  return slug
}

/**
 * `slug` if `taken` lacks it, else the first of `slug-2`, `slug-3`, … that is free, shortened
 * where needed so that the suffix still fits in `maxLength` characters.
 *
 * @example
 * uniqueSlug('tryouts', ['tryouts', 'tryouts-2']) // 'tryouts-3'
 */
export function uniqueSlug(slug: string, taken: Iterable<string>, maxLength = 100): string {
  const used = new Set(taken)
  if (!used.has(slug)) return slug
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const stem = slug.slice(0, maxLength - suffix.length).replace(/-+$/, '')
    const candidate = `${stem}${suffix}`
    if (!used.has(candidate)) return candidate
  }
}
