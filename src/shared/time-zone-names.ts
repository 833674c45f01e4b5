/* Time zone names without a schema: screens use these without loading zod (time-zones.ts re-exports them). */

/**
 * IANA names only ("Europe/Berlin", "UTC", "Etc/GMT+5"): the browser and the database read those
 * alike, whereas an offset such as "+05:30" means opposite things to them.
 */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** The zones this runtime knows, UTC first (it is not in every runtime's list). */
export function timeZoneChoices(): string[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...listed.filter((zone) => zone !== "UTC")];
}

/**
 * The zone's usual spelling when this runtime lists it ("europe/berlin" → "Europe/Berlin"), the
 * name as given when it is valid but unlisted (an alias such as "Asia/Kolkata" where the list has
 * "Asia/Calcutta"), else undefined.
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (!IANA_NAME.test(value)) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
  } catch {
    return undefined;
  }
  const lower = value.toLowerCase();
  return timeZoneChoices().find((zone) => zone.toLowerCase() === lower) ?? value;
}

/** The browser's own zone, when it is one this app accepts. */
export function browserTimeZone(): string | undefined {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return undefined;
  }
}
