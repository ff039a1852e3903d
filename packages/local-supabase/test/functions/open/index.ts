// A function with verify_jwt off (its settings in the test): anyone may call it.
Deno.serve(() => new Response('open to all', { headers: { 'content-type': 'text/plain' } }))
