import { createContext, useContext } from 'react'

import type { NewsReader } from './news-reader.ts'

/**
 * The news reader of the app (each app provides one); null where none is (prerendering, a part
 * shown alone). Apart from news-reader.ts, which scripts load in plain Node without React.
 */
export const NewsReaderContext = createContext<NewsReader | null>(null)

/** The app's news reader, or null. */
export function useNewsReader(): NewsReader | null {
  return useContext(NewsReaderContext)
}
