import { LOCAL_BACKEND } from './backend-defaults.ts'

/** The backend a prerendered page names (scripts/build.ts writes these meta tags into each page). */
function named(name: 'club-backend-url' | 'club-backend-anon-key'): string | undefined {
  if (typeof document === 'undefined') return undefined
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content
  return value || undefined
}

/**
 * The backend this app talks to: the one its page names, written when the site was
 * prerendered (so one compiled bundle serves any backend); in the dev server, which writes
 * no such tags, VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, else the embedded local
 * server's (public) values.
 */
export const backendConfig = {
  url: named('club-backend-url') ?? import.meta.env.VITE_SUPABASE_URL ?? LOCAL_BACKEND.url,
  anonKey:
    named('club-backend-anon-key') ??
    import.meta.env.VITE_SUPABASE_ANON_KEY ??
    LOCAL_BACKEND.anonKey,
}
