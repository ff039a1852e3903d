import type { ServiceResponse } from '../http/types.ts'

/**
 * A Storage API error: `statusCode` is the logical code (a string in the body),
 * while the HTTP status is 400 for everything but 500 (wire contract §3.4).
 */
export class StorageError extends Error {
  readonly statusCode: string
  readonly code: string
  readonly error: string
  /** The few errors storage-api answers with their real status (role enforcement: 403). */
  readonly httpStatus: number | undefined

  constructor(
    statusCode: number,
    code: string,
    message: string,
    error?: string,
    httpStatus?: number,
  ) {
    super(message)
    this.statusCode = String(statusCode)
    this.code = code
    this.error = error ?? code
    this.httpStatus = httpStatus
  }
}

/** The errors the real Storage API returns, with its codes and messages. */
export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  alreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: (entity = 'object') =>
    new StorageError(
      413,
      'EntityTooLarge',
      `The ${entity} exceeded the maximum allowed size`,
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string, reason?: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      reason
        ? `mime type ${mimeType} is not supported: ${reason}`
        : `mime type ${mimeType} is not supported`,
      'invalid_mime_type',
    ),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) =>
    new StorageError(400, 'InvalidRequest', message, 'Bad Request'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  roleNotAllowed: (role: string) =>
    new StorageError(
      403,
      'AccessDenied',
      `role "${role}" is not allowed (only anon, authenticated and service_role are)`,
      'Unauthorized',
      403,
    ),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  invalidRange: () =>
    new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  notFound: () => new StorageError(404, 'NotFound', 'Route not found', 'Not Found'),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error'),
}

/** The JSON body and HTTP status of an error, as storage-api renders it. */
export function errorResponse(error: StorageError): ServiceResponse {
  return {
    status: error.httpStatus ?? (error.statusCode === '500' ? 500 : 400),
    json: {
      statusCode: error.statusCode,
      code: error.code,
      error: error.error,
      message: error.message,
    },
  }
}

/** The SQLSTATE of a Postgres error, if `error` is one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  const code = (error as { code: unknown }).code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined
}

/**
 * Maps a thrown value to a Storage error, as storage-api's database error
 * mapping does; undefined means "unexpected" (a 500 that should be logged).
 */
export function toStorageError(error: unknown): StorageError | undefined {
  if (error instanceof StorageError) return error
  switch (sqlState(error)) {
    case '42501': // insufficient_privilege: RLS refusal or a missing grant
      return errors.accessDenied()
    case '23505': // unique_violation
      return errors.alreadyExists()
    case '23503': // foreign_key_violation: the bucket vanished or still has objects
      return errors.invalidRequest('The related resource does not exist')
    case '22023': // e.g. the JWT names a role that does not exist
      return errors.accessDenied((error as Error).message)
    case '57014': // statement_timeout (anon and authenticated have one)
      return new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out')
    default:
      return undefined
  }
}
