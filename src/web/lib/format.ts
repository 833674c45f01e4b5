/** Display helpers shared by every screen; plain functions, no domain knowledge. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date. */
export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "never";
  const diff = now - new Date(iso).getTime();
  if (diff < 0) return "just now";
  if (diff < MINUTE) return "just now";
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), "minute") + " ago";
  if (diff < DAY) return plural(Math.floor(diff / HOUR), "hour") + " ago";
  if (diff < 30 * DAY) return plural(Math.floor(diff / DAY), "day") + " ago";
  return formatDate(iso);
}

export const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

export function formatDateTime(iso: string): string {
  return (
    new Date(iso).toLocaleString("en-GB", {
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
    }) + " UTC"
  );
}

/** 0.934 → "93%"; null → "—". */
export function percent(value: number | null): string {
  return value === null ? "—" : `${Math.round(value * 100)}%`;
}

/** Minutes as hours with one decimal: 90 → "1.5 h". */
export function hours(minutes: number): string {
  const h = minutes / 60;
  return `${h.toLocaleString("en", { maximumFractionDigits: h >= 100 ? 0 : 1 })} h`;
}

/** Integer minor units → "€1,234" (no cents above 100). */
export function money(minor: number, currency: string): string {
  const major = minor / 100;
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    maximumFractionDigits: Math.abs(major) >= 100 ? 0 : 2,
  }).format(major);
}

/** Minutes of a schedule as words: 60 → "hour", 1440 → "day", 90 → "90 minutes". */
export function everyLabel(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? "day" : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "minute" : `${minutes} minutes`;
}
