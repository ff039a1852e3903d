// A function that answers after 30 s, for the caller's own timeout (the wall-clock test has `slow`:
// a worker stopped at its wall clock takes every request it holds with it).
Deno.serve(async () => {
  await new Promise((resolve) => setTimeout(resolve, 30_000))
  return new Response('late')
})
