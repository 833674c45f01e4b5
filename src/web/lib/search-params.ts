/* Helpers for the screens that keep their view (search, filters, page) in the address. */

/** The value if it is one of `values`, else undefined: an address can hold anything. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | undefined =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

/** The address's page: a whole number from 1; 1 when it is missing or makes no sense. */
export function pageParam(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return Number.isFinite(page) && page > 1 ? page : 1;
}

/**
 * The address with `changes` made: a value sets its key, an empty one removes it. Any change
 * but a page change goes back to the first page, and the first page is left out of the address.
 */
export function withChanges(current: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!("page" in changes) || changes.page === "1") next.delete("page");
  return next;
}
