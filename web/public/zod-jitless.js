// Loaded as a classic script before the app's modules. The app runs under a Content-Security-Policy
// without 'unsafe-eval'; zod compiles object parsers with `new Function` when it can, and probes for that
// as each object schema is built. Schemas are built while the app's chunks load, before any module of
// ours could configure zod, so the setting is placed where zod reads it when it loads: jitless parses
// without compiling and never probes.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
