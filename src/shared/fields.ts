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
} as const;

const TAG = /<\/?[a-zA-Z!][^>]*>/g;

/** Removes HTML tags (and comments), keeping the text between them. */
export function stripTags(value: string): string {
  let previous: string;
  let current = value;
  // Repeat so that nested fragments such as "<scr<b>ipt>" cannot reassemble a tag.
  do {
    previous = current;
    current = current.replace(/<!--[\s\S]*?-->/g, "").replace(TAG, "");
  } while (current !== previous);
  return current;
}

export const atLeast = (n: number) => `String must contain at least ${n} character(s)`;
export const atMost = (n: number) => `String must contain at most ${n} character(s)`;

const cleaned = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "Required" : "Expected string, received " + typeof issue.input) })
    .transform((value) => stripTags(value).trim());

export const emailField = cleaned()
  .transform((value) => value.toLowerCase())
  .pipe(z.string().min(1, "Required").max(LIMITS.text, atMost(LIMITS.text)).pipe(z.email("Invalid email")));

export const textField = cleaned().pipe(z.string().min(1, "Required").max(LIMITS.text, atMost(LIMITS.text)));

/** Optional text: an empty string counts as absent. */
export const optionalTextField = cleaned()
  .pipe(z.string().max(LIMITS.text, atMost(LIMITS.text)))
  .optional()
  .transform((value) => (value ? value : undefined));

export const longTextField = cleaned().pipe(z.string().min(1, "Required").max(LIMITS.longText, atMost(LIMITS.longText)));

export const phoneField = cleaned().pipe(z.string().max(LIMITS.phone, atMost(LIMITS.phone)));

export const urlField = cleaned().pipe(z.string().min(1, "Required").pipe(z.url("Invalid url")));

/**
 * Passwords are never stripped: changing what the user typed would lock them out,
 * and a password is never rendered as HTML.
 */
export const passwordField = z
  .string({ error: (issue) => (issue.input === undefined ? "Required" : "Expected string, received " + typeof issue.input) })
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
