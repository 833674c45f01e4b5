import { z } from "zod";

/**
 * The seed's input rules. Text is stripped of HTML tags first, then validated;
 * messages follow the seed's wording ('Required', 'Invalid email', …).
 */
export const LIMITS = {
  text: 255,
  phone: 20,
  passwordMin: 8,
  passwordMax: 128,
  longText: 2000,
  url: 2048,
} as const;

/**
 * Raw input longer than this is refused before any work is done on it: markup may
 * account for some of a field's length, never for megabytes.
 */
export const rawCap = (max: number) => Math.max(max * 4, 1024);

/**
 * Control characters other than tab and line breaks (never meaningful in text, and PostgreSQL
 * refuses NUL), and halves of a surrogate pair standing alone: not text either, the database
 * would store them as U+FFFD, so an id sent with one would not match itself when read back.
 */
const CONTROL_CHARS = /(?![\t\n\r])[\p{Cc}\p{Cs}]/gu;
const HAS_CONTROL_CHARS = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

export const hasControlChars = (value: string) => HAS_CONTROL_CHARS.test(value);

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const DASH = 0x2d;
/** The character after "<" (or "</") that makes a tag: a letter or "!". */
const isNameStart = (code: number) => code === BANG || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/**
 * Removes HTML tags (and comments), keeping the text between them, in one pass.
 * The output is built as a stack: when a tag or comment closes it is cut off the end,
 * so what was before it meets what follows, and a fragment such as "<scr<b>ipt>" or
 * "<<b>script>" is judged on what is left, as repeating the removal would judge it.
 * An unclosed comment runs to the end, as it does in a browser.
 */
export function stripTags(value: string): string {
  const out = new Uint16Array(value.length);
  let length = 0;
  let tagStart = -1;
  let commentStart = -1;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    out[length++] = code;
    if (commentStart < 0 && opensComment(out, length)) commentStart = length - 4;
    if (code === GT) {
      if (commentStart >= 0) {
        if (length - commentStart >= 7 && out[length - 2] === DASH && out[length - 3] === DASH) {
          length = commentStart;
          if (tagStart >= commentStart) tagStart = -1;
          commentStart = -1;
        }
      } else if (tagStart >= 0) {
        length = tagStart;
        tagStart = -1;
      }
    } else if (tagStart < 0 && isNameStart(code)) {
      tagStart = tagOpenedAt(out, length);
    }
  }
  if (commentStart >= 0) length = commentStart;
  return charsToString(out, length);
}

/** Whether the output so far ends with "<!--" (its last character just written). */
function opensComment(out: Uint16Array, length: number) {
  return (
    length >= 4 &&
    out[length - 1] === DASH &&
    out[length - 2] === DASH &&
    out[length - 3] === BANG &&
    out[length - 4] === LT
  );
}

/** Where a tag opens if the name's first letter (last in the output) follows "<" or "</"; else -1. */
function tagOpenedAt(out: Uint16Array, length: number) {
  if (length >= 2 && out[length - 2] === LT) return length - 2;
  if (length >= 3 && out[length - 2] === SLASH && out[length - 3] === LT) return length - 3;
  return -1;
}

/** The first `length` UTF-16 codes as a string, in slices small enough for an argument list. */
function charsToString(out: Uint16Array, length: number) {
  let text = "";
  for (let from = 0; from < length; from += 8192)
    text += String.fromCharCode(...out.subarray(from, Math.min(length, from + 8192)));
  return text;
}

export const atLeast = (n: number) => `String must contain at least ${n} character(s)`;
export const atMost = (n: number) => `String must contain at most ${n} character(s)`;

const stringInput = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? "Required" : "Expected string, received " + typeof issue.input),
  });

/**
 * Text a person typed: capped raw, then control characters and tags removed and trimmed.
 * `max` is the limit the caller checks on the cleaned text; the raw cap uses its message.
 */
export const cleanedText = (max: number) =>
  stringInput()
    .max(rawCap(max), atMost(max))
    .transform((value) => stripTags(value.replace(CONTROL_CHARS, "")).trim());

/** A value passed on as is (ids, tokens, search terms): bounded, and refused with control characters. */
export const plainString = (max: number) =>
  stringInput()
    .max(max, atMost(max))
    .refine((value) => !hasControlChars(value), "Must not contain control characters");

export const emailField = cleanedText(LIMITS.text)
  .transform((value) => value.toLowerCase())
  .pipe(z.string().min(1, "Required").max(LIMITS.text, atMost(LIMITS.text)).pipe(z.email("Invalid email")));

export const textField = cleanedText(LIMITS.text).pipe(
  z.string().min(1, "Required").max(LIMITS.text, atMost(LIMITS.text)),
);

/** Optional text: an empty string counts as absent. */
export const optionalTextField = cleanedText(LIMITS.text)
  .pipe(z.string().max(LIMITS.text, atMost(LIMITS.text)))
  .optional()
  .transform((value) => (value ? value : undefined));

export const longTextField = cleanedText(LIMITS.longText).pipe(
  z.string().min(1, "Required").max(LIMITS.longText, atMost(LIMITS.longText)),
);

export const phoneField = cleanedText(LIMITS.phone).pipe(z.string().max(LIMITS.phone, atMost(LIMITS.phone)));

export const urlField = cleanedText(LIMITS.url).pipe(
  z.string().min(1, "Required").max(LIMITS.url, atMost(LIMITS.url)).pipe(z.url("Invalid url")),
);

/**
 * Passwords are never stripped: changing what the user typed would lock them out,
 * and a password is never rendered as HTML.
 */
export const passwordField = stringInput()
  .min(1, "Required")
  .min(LIMITS.passwordMin, atLeast(LIMITS.passwordMin))
  .max(LIMITS.passwordMax, atMost(LIMITS.passwordMax));

/** The first message of a failed parse, for one-line API errors. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}
