/** Display helpers shared by every screen; plain functions, no domain knowledge. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Dates and times, one style per kind, in the user's locale (the browser's; `locale` is for tests)
 * and in UTC, the time of every day the portal counts in:
 * - date: "23 Nov 2026" (en-GB), "Nov 23, 2026" (en-US);
 * - date-time: the date and the time, "23 Nov 2026, 00:18 UTC";
 * - time: "00:18 UTC";
 * - relative: "just now", "5 minutes ago", … "29 days ago", then the date.
 * Every screen formats dates through these; none calls toLocale…String itself.
 */
const DATE = { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" } as const;
const TIME = { hour: "2-digit", minute: "2-digit", timeZone: "UTC" } as const;
const DATE_TIME = { ...DATE, ...TIME } as const;
const DATE_TIME_SECONDS = { ...DATE_TIME, second: "2-digit" } as const;

/**
 * How a page rendered on the server reads dates while it renders, and while the browser hydrates
 * it: the user's locale (the request's first language, which is the browser's first language)
 * and the render's instant, so that "5 minutes ago" reads the same on both sides.
 */
let rendering: { locale?: string; now?: number } = {};

/** Runs a synchronous render on the server in the user's locale, at one instant. */
export function renderingAs<T>(how: { locale?: string; now: number }, render: () => T): T {
  const previous = rendering;
  rendering = how;
  try {
    return render();
  } finally {
    rendering = previous;
  }
}

/** The browser hydrates a page rendered at `now`: relative times read from then until `hydrated()`. */
export function hydratingAt(now: number) {
  rendering = { now };
}

/** Hydration is over: times read from the clock again. */
export function hydrated() {
  rendering = {};
}

/** Now, or the instant of the render being hydrated. */
const currentTime = () => rendering.now ?? Date.now();

/** The user's locale, as the browser reports it (the runtime's default elsewhere). */
const userLocale = (): string | undefined =>
  rendering.locale ?? (typeof navigator === "undefined" ? undefined : (navigator.languages?.[0] ?? navigator.language));

/**
 * Plain spaces where the runtime's ICU puts thin or narrow ones (Node writes "Oct 1 – 27" with
 * thin spaces, Chromium with plain ones): the server's HTML and the browser's render must agree.
 */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, " ");

/**
 * One Intl formatter per locale and style, made once: `toLocaleString` with a locale or options
 * builds a new one on every call, and a screen of run times and counts made hundreds of them
 * while it hydrated (the main thread's longest work after the framework's own).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** At most this many: on the server the locale comes from a request header, any of endless tags. */
const MAX_FORMATTERS = 64;

function remembered<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, (formatter = make()));
  }
  return formatter;
}

const dateFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  remembered(`date|${locale ?? ""}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

const numberFormat = (options: Intl.NumberFormatOptions = {}) =>
  remembered(`number|${JSON.stringify(options)}`, () => new Intl.NumberFormat("en", options));

/** An instant in one style; "Invalid Date" for a text that is none, as `toLocaleString` says. */
function formatInstant(iso: string, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(iso);
  return Number.isNaN(date.getTime())
    ? "Invalid Date"
    : plainSpaces(dateFormat(locale ?? userLocale(), options).format(date));
}

/** An ISO instant or a UTC day ("2026-11-20") as a Date. */
const toDate = (value: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);

/** "23 Nov 2026": an instant's UTC day, or a day as the rollups key it ("2026-11-20"). */
export function formatDate(iso: string, locale?: string): string {
  return formatInstant(iso, locale, DATE);
}

/** "23 Nov 2026, 00:18 UTC"; with `seconds`, "23 Nov 2026, 00:18:07 UTC" (for event logs). */
export function formatDateTime(
  iso: string,
  { locale, seconds = false }: { locale?: string; seconds?: boolean } = {},
): string {
  return `${formatInstant(iso, locale, seconds ? DATE_TIME_SECONDS : DATE_TIME)} UTC`;
}

/** "00:18 UTC". */
export function formatTime(iso: string, locale?: string): string {
  return `${formatInstant(iso, locale, TIME)} UTC`;
}

/** "1–23 Oct 2026": two days of a range, as the date style writes them. */
export function formatDateRange(from: string, to: string, locale?: string): string {
  return plainSpaces(dateFormat(locale ?? userLocale(), DATE).formatRange(toDate(from), toDate(to)));
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date. */
export function relativeTime(iso: string | null, now = currentTime(), locale?: string): string {
  if (!iso) return "never";
  const diff = now - new Date(iso).getTime();
  if (diff < MINUTE) return "just now";
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), "minute") + " ago";
  if (diff < DAY) return plural(Math.floor(diff / HOUR), "hour") + " ago";
  if (diff < 30 * DAY) return plural(Math.floor(diff / DAY), "day") + " ago";
  return formatDate(iso, locale);
}

export const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;

/** 1234 → "1,234": counts of runs, items, pages. */
export const count = (n: number) => numberFormat().format(n);

/** 0.934 → "93%"; null → "—". */
export function percent(value: number | null): string {
  return value === null ? "—" : `${Math.round(value * 100)}%`;
}

/** Minutes as hours with one decimal: 90 → "1.5 h". */
export function hours(minutes: number): string {
  const h = minutes / 60;
  return `${numberFormat({ maximumFractionDigits: h >= 100 ? 0 : 1 }).format(h)} h`;
}

/** Integer minor units → "€1,234" (no cents above 100). */
export function money(minor: number, currency: string): string {
  const major = minor / 100;
  return numberFormat({ style: "currency", currency, maximumFractionDigits: Math.abs(major) >= 100 ? 0 : 2 }).format(
    major,
  );
}

/** Minutes of a schedule as words: 60 → "hour", 1440 → "day", 90 → "90 minutes". */
export function everyLabel(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? "day" : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "minute" : `${minutes} minutes`;
}

/** A share with one decimal below 10%: 0.034 → "3.4%", 0.25 → "25%". */
export function formatRate(value: number): string {
  return `${numberFormat({ maximumFractionDigits: value < 0.1 ? 1 : 0 }).format(value * 100)}%`;
}
