/**
 * The marketing pages prerendered at build time (scripts/prerender.ts writes
 * dist/web/<name>/index.html; the server serves it for the path; scripts/bench-bundle.ts checks it).
 */
export const PRERENDERED_PAGES = [
  { path: "/", name: "home" },
  { path: "/features", name: "features" },
  { path: "/pricing", name: "pricing" },
  { path: "/about", name: "about" },
  { path: "/contact", name: "contact" },
] as const;
