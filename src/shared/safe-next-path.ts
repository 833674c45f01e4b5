/** Where a sign-in goes when `next=` is absent or not a path of ours. */
export const DEFAULT_NEXT_PATH = "/secure-dashboard";

const MAX_NEXT_LENGTH = 2048;
const SAME_ORIGIN = "http://same-origin.invalid";
/** Backslashes and control characters: browsers read "/\evil" and "/\t/evil" as another host. */
const AMBIGUOUS = /[\\\p{Cc}]/u;

/**
 * The path to go to after signing in: only a same-origin path, judged as typed and once
 * decoded, and normalised by the URL parser; anything else goes to the dashboard.
 * Never throws, whatever the query string holds.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || raw.length > MAX_NEXT_LENGTH) return DEFAULT_NEXT_PATH;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return DEFAULT_NEXT_PATH;
  }
  for (const candidate of [raw, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//") || AMBIGUOUS.test(candidate)) return DEFAULT_NEXT_PATH;
  }
  try {
    const url = new URL(raw, SAME_ORIGIN);
    return url.origin === SAME_ORIGIN ? url.pathname + url.search + url.hash : DEFAULT_NEXT_PATH;
  } catch {
    return DEFAULT_NEXT_PATH;
  }
}
