/**
 * The embedded local backend's address and (public, demo) anon key: what a build talks
 * to unless VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY name a hosted project.
 */
export const LOCAL_BACKEND = {
  url: 'http://127.0.0.1:54321',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
} as const
