/**
 * The backend this build talks to. Set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY
 * for a hosted project; the defaults are the embedded local server's (public) values.
 */
export const backendConfig = {
  url: import.meta.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321',
  anonKey:
    import.meta.env.VITE_SUPABASE_ANON_KEY ??
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
}
