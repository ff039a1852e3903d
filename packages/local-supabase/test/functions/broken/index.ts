// A function that fails as it boots.
throw new Error('missing configuration')
