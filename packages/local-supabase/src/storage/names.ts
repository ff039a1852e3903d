import { errors } from './errors.ts'

const MAX_KEY_BYTES = 1024

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/**
 * Checks an object name. Bodies are stored by version id, never by name, so
 * this is about sane keys (and policies that split on `/`), not disk safety.
 */
export function validateObjectName(name: string): string {
  if (
    name === '' ||
    name.startsWith('/') ||
    name.includes('\\') ||
    hasControlCharacter(name) ||
    Buffer.byteLength(name) > MAX_KEY_BYTES ||
    name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw errors.invalidKey(name)
  }
  return name
}

// Letters, digits and the punctuation storage-api accepts in bucket names.
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/

/** Checks a bucket id when a bucket is created. */
export function validateBucketName(name: unknown): string {
  if (typeof name !== 'string' || !BUCKET_NAME.test(name) || name === '.' || name === '..') {
    throw errors.invalidBucketName()
  }
  return name
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw errors.invalidKey(raw)
  }
}

/** Splits a still-encoded `{bucket}` path remainder. */
export function parseBucket(raw: string): string {
  const bucket = decode(raw)
  if (bucket === '' || bucket.includes('/')) throw errors.notFound()
  return bucket
}

/** Splits a still-encoded `{bucket}/{path}` remainder into a bucket id and a checked object name. */
export function parseBucketAndName(raw: string): { bucket: string; name: string } {
  const slash = raw.indexOf('/')
  if (slash <= 0) throw errors.notFound()
  return {
    bucket: decode(raw.slice(0, slash)),
    name: validateObjectName(decode(raw.slice(slash + 1))),
  }
}
