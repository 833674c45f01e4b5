/** Deeper than any body of ours; refused before anything parses it recursively. */
export const MAX_JSON_DEPTH = 8;

/**
 * Whether a JSON text nests objects and arrays deeper than `limit`, found in one pass over
 * the characters (never by recursion, so a hostile body cannot exhaust the stack).
 * Brackets inside strings do not count.
 */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > limit) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; message: string };

/** Parses a request body's text: malformed or too deeply nested JSON is a readable refusal. */
export function parseJsonBody(text: string): JsonBody {
  if (nestsDeeperThan(text))
    return { ok: false, message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: "The request body must be valid JSON." };
  }
}
