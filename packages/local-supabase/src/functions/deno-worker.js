// Runs in Deno, not Node: the user worker of one Edge Function.
//
// Started by the local relay (service.ts) as `deno run … deno-worker.js <entry>`. It does what
// the hosted runtime does for a function's code: the function calls `Deno.serve(handler)` at
// import, and the runtime, not the function, owns the socket. So `Deno.serve` is taken over
// before the entry is imported: the handler is kept, and this worker serves it on a free
// loopback port, which it announces on stdout with READY_MARK. An import that throws, or an
// entry that never calls Deno.serve, exits with BOOT_FAILED (the relay answers 503 BOOT_ERROR).
// A handler that throws answers 500 WORKER_ERROR, as the hosted relay does.

const READY_MARK = '__local_supabase_worker_port__='
const BOOT_FAILED = 70

const entry = Deno.args[0]
const realServe = Deno.serve.bind(Deno)
let handler

Deno.serve = (first, second) => {
  handler = typeof first === 'function' ? first : (second ?? first?.handler)
  const finished = new Promise(() => {})
  return {
    finished,
    addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
    shutdown: async () => {},
    ref() {},
    unref() {},
  }
}

// What the hosted runtime adds to the global scope that plain Deno lacks.
globalThis.EdgeRuntime = {
  waitUntil(promise) {
    Promise.resolve(promise).catch((error) => console.error(error))
  },
}

try {
  await import(entry)
} catch (error) {
  console.error(error)
  Deno.exit(BOOT_FAILED)
}
if (typeof handler !== 'function') {
  console.error(`${entry} never called Deno.serve(handler)`)
  Deno.exit(BOOT_FAILED)
}

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`${READY_MARK}${port}`),
  },
  async (request, info) => {
    try {
      const response = await handler(request, info)
      if (!(response instanceof Response))
        throw new TypeError('the handler did not return a Response')
      return response
    } catch (error) {
      console.error(error)
      return Response.json(
        { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
        { status: 500 },
      )
    }
  },
)
