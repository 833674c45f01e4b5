// `npm run bench -- lighthouse` (and `-- all`): goal 5's rows, Lighthouse on the signed-in first
// screens and their first download's JS (scripts/lighthouse-app.mjs, which prints the table and a
// BENCH-RESULT line per row). Needs a build: without one it says so and fails.
await import("./lighthouse-app.mjs");
