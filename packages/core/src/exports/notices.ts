/**
 * IMPORTANT: the notice renderer (Radix Toast), its own entry so that apps can load it
 * on demand, when the first notice arrives; the notice store is in `@club/core/ui`.
 */
export { Notices } from '../ui/notices/notices.tsx'
export type { NoticesProps } from '../ui/notices/notices.tsx'
