import { config } from 'zod/v4/core';

// The app runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers with
// `new Function` when it can, and probes for that on the first parse: the probe fails, but the browser
// still reports a policy violation. jitless parses without compiling and skips the probe. (Called as
// `config`, not `z.config`: the build treats `z.*` calls as pure and would drop it.) Schemas built
// before this module runs are covered by public/zod-jitless.js, which index.html loads first.
config({ jitless: true });
