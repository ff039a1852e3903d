// A function that answers: what it was asked, and what the runtime gave it.
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
}

Deno.serve(async (request: Request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: cors })
  const url = new URL(request.url)
  const text = request.method === 'GET' ? '' : await request.text()
  return Response.json(
    {
      method: request.method,
      path: url.pathname,
      query: url.searchParams.get('q'),
      body: text ? JSON.parse(text) : null,
      authorization: request.headers.get('authorization')?.slice(0, 7) ?? null,
      hasServiceKey: Boolean(Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')),
      supabaseUrl: Deno.env.get('SUPABASE_URL'),
      secret: Deno.env.get('HELLO_SECRET') ?? null,
      home: Deno.env.get('HOME') ?? null,
    },
    { headers: cors },
  )
})
