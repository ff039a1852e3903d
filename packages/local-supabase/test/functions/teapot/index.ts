// A function that refuses what it was sent, with a 4xx of its own.
Deno.serve(() => Response.json({ error: 'no name given' }, { status: 422 }))
