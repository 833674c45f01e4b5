/** The first stop for keyboard users: jumps past the navigation to the page's main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2"
    >
      Skip to content
    </a>
  );
}
