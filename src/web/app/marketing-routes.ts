/** The marketing pages prerendered at build time: path → output folder under dist/web. */
export const PRERENDERED_PAGES = [
  { path: "/", name: "home" },
  { path: "/features", name: "features" },
  { path: "/pricing", name: "pricing" },
  { path: "/about", name: "about" },
  { path: "/contact", name: "contact" },
] as const;
