// Zod probes once whether it may compile its parsers with `new Function`. Our policy allows no
// eval, so the probe is blocked, and the browser reports the block: one false 'CSP Violation'
// in the security log for every page that loads a schema. Jitless mode never probes. Zod probes
// when the first object schema is built, so every browser entry imports this module first.
import { config } from "zod";

config({ jitless: true });
