// A function whose handler throws.
Deno.serve(() => {
  throw new Error('the bat broke')
})
