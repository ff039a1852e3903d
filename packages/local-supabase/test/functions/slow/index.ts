// A function that answers after 30 s: past a short wall clock.
Deno.serve(async () => {
  await new Promise((resolve) => setTimeout(resolve, 30_000))
  return new Response('late')
})
