/**
 * The sizes of what the photo library stores, whichever pipeline made it (the browser's
 * photo library page or the bulk uploader), so that both kinds of entry look the same.
 */

/** Longest edge of a stored photo, in pixels. */
export const MAX_EDGE = 2560
/** Longest edge of a thumbnail, in pixels: sharp in a grid cell on a high-density screen. */
export const THUMBNAIL_EDGE = 480
