/**
 * Where an image is used across the content documents, so that deleting one that a page still
 * shows is refused with a list of the places. Pure: documents in, readable locations out.
 *
 * A photo is one object in several forms: its bucket path (`library/ab/<sha>.jpg`, as the
 * photo library records it), its public address on any host (`…/storage/v1/object/public/
 * photo-library/library/ab/<sha>.jpg`, as pages store it), its thumbnail (`…-thumb.jpg`) and
 * resized variants. All of them count as uses of the photo.
 */
import { CONTENT_NAMES } from '../entities/content-names.ts'
import { PHOTO_BUCKET } from './photo-rules.ts'

/** The image to look for: a photo library entry, or just an address. */
export type ImageRef = {
  src: string
  thumbnail?: string
  variants?: readonly { src: string }[]
}

/** One place an image is used. */
export type ImageUse = {
  /** The content key of the document. */
  key: string
  /** The path inside the document, e.g. `[0, 'cardImageUrl']`. */
  path: readonly (string | number)[]
  /** The place for people: "News › Spring registration is open › card image". */
  label: string
}

/** Options of {@link findImageUsage}. */
export type ImageUsageOptions = {
  /** Documents not searched; the photo library's own entry is not a use. Default `['photoLibrary']`. */
  ignoreKeys?: readonly string[]
  /** The bucket a bare path (`library/…`) lives in. Default `photo-library`. */
  bucket?: string
}

// Fields that name a list item, best first.
const ITEM_NAME_FIELDS = ['title', 'name', 'label', 'heading', 'question', 'caption', 'alt', 'text']

const STORAGE_PATH =
  /^\/storage\/v1\/(?:object\/(?:public|sign|authenticated)|render\/image\/(?:public|sign|authenticated)|object)\/([^/]+)\/(.+)$/
// Variant suffixes of one object: `-thumb`, `-480w`, `@2x`.
const VARIANT_SUFFIX = /(?:-thumb|-\d+w|@\d+x)$/
const EMBEDDED_ADDRESS = /(?:https?:\/\/|\/)[^\s"'<>()]+/g

/**
 * The identity of the object an address names: `bucket:folder/base` for a Storage object (any
 * host, any URL form, any variant or extension), the address itself otherwise.
 */
export function imageIdentity(address: string, bucket: string = PHOTO_BUCKET): string {
  const trimmed = address.trim()
  let objectPath: string | null = null
  let objectBucket = bucket
  if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith('/storage/')) {
    let url: URL
    try {
      url = new URL(trimmed, 'http://site.invalid')
    } catch {
      return trimmed
    }
    const match = STORAGE_PATH.exec(url.pathname)
    if (!match) return trimmed
    objectBucket = match[1] ?? bucket
    objectPath = safeDecode(match[2] ?? '')
  } else if (!trimmed.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    // A bare path names an object in the photo bucket (how the photo library records photos).
    objectPath = trimmed.split(/[?#]/)[0] ?? trimmed
  }
  if (objectPath === null) return trimmed
  const base = objectPath.replace(/\.[A-Za-z0-9]+$/, '').replace(VARIANT_SUFFIX, '')
  return `${objectBucket}:${base}`
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Every identity an image answers to: its main file, thumbnail and variants. */
function identitiesOf(image: ImageRef | string, bucket: string): Set<string> {
  const ref = typeof image === 'string' ? { src: image } : image
  const addresses = [ref.src, ref.thumbnail, ...(ref.variants ?? []).map((variant) => variant.src)]
  return new Set(
    addresses
      .filter((address): address is string => Boolean(address))
      .map((address) => imageIdentity(address, bucket)),
  )
}

/** Whether a stored string uses the image: as a whole, or as an address inside HTML or text. */
function usesImage(value: string, targets: Set<string>, bucket: string): boolean {
  if (targets.has(imageIdentity(value, bucket))) return true
  if (!/[\s<"']/.test(value)) return false
  for (const match of value.matchAll(EMBEDDED_ADDRESS)) {
    if (targets.has(imageIdentity(match[0], bucket))) return true
  }
  return false
}

/** "cardImageUrl" → "card image"; "heroImage" → "hero image". */
function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
  while (words.length > 1 && ['url', 'src'].includes(words[words.length - 1] ?? '')) words.pop()
  const label = words.join(' ')
  return label === 'src' || label === 'url' ? 'image' : label
}

/** What a list item (or an entry of a map by id) is called, if it says. */
function itemName(item: unknown): string | undefined {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return undefined
  const record = item as Record<string, unknown>
  for (const field of ITEM_NAME_FIELDS) {
    const value = record[field]
    if (typeof value === 'string' && value.trim() && value.length <= 80) {
      return value.trim().replace(/<[^>]*>/g, '')
    }
  }
  return undefined
}

// A key of a map by id (programs by slug, teams by key): `tee-ball`, `big-train-12u`.
const ID_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)+$/

function labelOf(key: string, document: unknown, path: readonly (string | number)[]): string {
  const parts = [(CONTENT_NAMES as Readonly<Record<string, string>>)[key] ?? fieldLabel(key)]
  let node: unknown = document
  for (const step of path) {
    const next = (node as Record<string | number, unknown>)[step]
    if (typeof step === 'number') parts.push(itemName(next) ?? `item ${step + 1}`)
    else parts.push((ID_KEY.test(step) ? itemName(next) : undefined) ?? fieldLabel(step))
    node = next
  }
  return parts.join(' › ')
}

/**
 * Every place in `documents` (content key → document) where `image` is used: the whole value of
 * a field, or an address inside HTML. Sorted by key order of `documents`, then document order.
 */
export function findImageUsage(
  documents: Readonly<Record<string, unknown>>,
  image: ImageRef | string,
  options: ImageUsageOptions = {},
): ImageUse[] {
  const bucket = options.bucket ?? PHOTO_BUCKET
  const ignored = new Set(options.ignoreKeys ?? ['photoLibrary'])
  const targets = identitiesOf(image, bucket)
  const uses: ImageUse[] = []
  const walk = (key: string, document: unknown, node: unknown, path: (string | number)[]) => {
    if (typeof node === 'string') {
      if (usesImage(node, targets, bucket)) {
        uses.push({ key, path: [...path], label: labelOf(key, document, path) })
      }
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(key, document, item, [...path, index]))
    } else if (node && typeof node === 'object') {
      for (const [field, value] of Object.entries(node))
        walk(key, document, value, [...path, field])
    }
  }
  for (const [key, document] of Object.entries(documents)) {
    if (!ignored.has(key)) walk(key, document, document, [])
  }
  return uses
}

/** Why an image in use cannot be deleted, listing where it is used. */
export function imageInUseMessage(uses: readonly ImageUse[]): string {
  const places = uses.length === 1 ? '1 place' : `${uses.length} places`
  return `This image cannot be deleted: it is used in ${places}. Replace it there first: ${uses
    .map((use) => use.label)
    .join('; ')}.`
}

/**
 * The identities ({@link imageIdentity}) of every image `documents` use, whole or inside HTML,
 * and the SHA-256 named by each photo-bucket object among them (library objects are named by
 * their original's hash): what the library's "not used anywhere" filter leaves out.
 */
export function usedImages(
  documents: Readonly<Record<string, unknown>>,
  options: ImageUsageOptions = {},
): { identities: Set<string>; sha256: Set<string> } {
  const bucket = options.bucket ?? PHOTO_BUCKET
  const ignored = new Set(options.ignoreKeys ?? ['photoLibrary'])
  const identities = new Set<string>()
  const add = (address: string) => identities.add(imageIdentity(address, bucket))
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      if (/[\s<"']/.test(node)) for (const match of node.matchAll(EMBEDDED_ADDRESS)) add(match[0])
      else if (node.includes('/')) add(node)
    } else if (Array.isArray(node)) {
      node.forEach(walk)
    } else if (node && typeof node === 'object') {
      Object.values(node).forEach(walk)
    }
  }
  for (const [key, document] of Object.entries(documents)) if (!ignored.has(key)) walk(document)
  const sha256 = new Set<string>()
  for (const identity of identities) {
    const match = new RegExp(`^${bucket}:.*?([0-9a-f]{64})$`).exec(identity)
    if (match?.[1]) sha256.add(match[1])
  }
  return { identities, sha256 }
}

/** Whether `image` (a library photo) is among the `used` identities. */
export function isImageUsed(
  image: ImageRef,
  used: ReadonlySet<string>,
  bucket: string = PHOTO_BUCKET,
): boolean {
  for (const identity of identitiesOf(image, bucket)) if (used.has(identity)) return true
  return false
}
