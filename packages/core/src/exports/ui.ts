/** IMPORTANT: the public entry for the design-system primitives: notices and the loader. */
export {
  createNoticeStore,
  NOTICE_DURATION_MS,
  NOTICE_LIMIT,
  NOTICE_SWIPE_THRESHOLD_PX,
} from '../ui/notices/notice-store.ts'
export type {
  Notice,
  NoticeAction,
  NoticeInput,
  NoticeStore,
  NoticeVariant,
  NotifyFn,
} from '../ui/notices/notice-store.ts'
export { FullScreenLoader } from '../ui/loader/full-screen-loader.tsx'
export type { FullScreenLoaderProps } from '../ui/loader/full-screen-loader.tsx'
