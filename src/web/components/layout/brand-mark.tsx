/** Cogwork's logo and name, as a link target's content (no router: marketing pages use it too). */
export function BrandMark() {
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden>
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M16 7a9 9 0 1 0 7.8 13.5l-3.5-2A5 5 0 1 1 16 11a5 5 0 0 1 4.3 2.5l3.5-2A9 9 0 0 0 16 7z"
          className="fill-primary-foreground"
        />
      </svg>
      <span className="text-lg">Cogwork</span>
    </>
  );
}

export const BRAND_LINK_CLASSES = "inline-flex items-center gap-2 rounded-md font-semibold tracking-tight";
