/**
 * The query flag that tells the site root the visitor has just confirmed their email; the
 * inline head script (src/web/head/page-init.js) shows the welcome banner for it before the
 * first paint and removes it from the address bar.
 */
export const EMAIL_CONFIRMED_FLAG = "email-confirmed";

/**
 * A successful confirmation redirects to the site root (the seed's callback, also in links
 * already sent): mark that redirect so the page says it worked. Other callbacks (such as a
 * changed address returning to /account) are left as they are.
 */
export function markConfirmed(response: Response): Response {
  const location = response.headers.get("location");
  if (!location) return response;
  const target = new URL(location, "http://app.invalid");
  if (target.pathname !== "/") return response;
  target.searchParams.set(EMAIL_CONFIRMED_FLAG, "1");
  const headers = new Headers(response.headers);
  headers.set(
    "location",
    target.origin === "http://app.invalid" ? `${target.pathname}${target.search}${target.hash}` : target.href,
  );
  return new Response(response.body, { status: response.status, headers });
}
