/** Where a sign-in goes when `next=` is absent or not a path of ours. */
export const DEFAULT_NEXT_PATH = "/secure-dashboard";

const MAX_NEXT_LENGTH = 2048;
const SAME_ORIGIN = "http://same-origin.invalid";
/** Backslashes and control characters: browsers read "/\evil" and "/\t/evil" as another host. */
const AMBIGUOUS = /[\\\p{Cc}]/u;

function looksLocal(candidate: string): boolean {
  return candidate.startsWith("/") && !candidate.startsWith("//") && !AMBIGUOUS.test(candidate);
}

/**
 * A candidate normalised by the URL parser (dot segments removed, "%2e%2e" included), then
 * judged: "/..//evil" only becomes "//evil" after normalising, so the check must come after it.
 */
function normalisedLocalPath(candidate: string): string | null {
  if (!looksLocal(candidate)) return null;
  try {
    const url = new URL(candidate, SAME_ORIGIN);
    const path = url.pathname + url.search + url.hash;
    return url.origin === SAME_ORIGIN && looksLocal(path) ? path : null;
  } catch {
    return null;
  }
}

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The path to go to after signing in: only a same-origin path, normalised first and then judged,
 * as typed and once decoded (before and after normalising); anything else goes to the dashboard.
 * Never throws, whatever the query string holds.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || raw.length > MAX_NEXT_LENGTH) return DEFAULT_NEXT_PATH;
  const path = normalisedLocalPath(raw);
  if (path === null) return DEFAULT_NEXT_PATH;
  // A reader that decodes before it normalises must not find another host either.
  for (const encoded of [raw, path]) {
    const decoded = decodeOnce(encoded);
    if (decoded === null || normalisedLocalPath(decoded) === null) return DEFAULT_NEXT_PATH;
  }
  return path;
}
