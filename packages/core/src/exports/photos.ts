/**
 * IMPORTANT: what of the photo library's rules is used outside core (admin only: the public
 * site never imports this entry): the metadata scan and the sizes photos are prepared at,
 * which the end-to-end suites check uploads against. The library's screens are core's own
 * (reached through the admin); the uploader's shared rules are `@club/core/photo-rules`.
 */
export { findMetadata } from '../photo-library/find-metadata.ts'
export { MAX_EDGE, MEDIUM_WIDTH, THUMBNAIL_EDGE } from '../entities/photo-sizes.ts'
