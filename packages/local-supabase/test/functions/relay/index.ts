// A function the relay-fault test starts with a missing Deno first.
Deno.serve(() => new Response('relayed', { headers: { 'content-type': 'text/plain' } }))
