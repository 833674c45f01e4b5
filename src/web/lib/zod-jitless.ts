// Zod probes once whether it may compile its parsers with `new Function`. Our policy allows no
// eval, so the probe is blocked, and the browser reports the block: one false 'CSP Violation'
// in the security log for every page that loads a schema. Jitless mode never probes. Zod probes
// when the first object schema is built, so every browser entry imports this module first.
//
// Zod keeps its settings in `globalThis.__zod_globalConfig` (one object for every copy of zod in
// the page, created by the first that loads) and reads `jitless` from it when it builds a schema.
// Setting it there, rather than with zod's `config()`, keeps zod out of the first download of
// screens that build no schema. zod-jitless.test.ts checks that zod still reads it.
const page = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
page.__zod_globalConfig = Object.assign(page.__zod_globalConfig ?? {}, { jitless: true });

export {};
