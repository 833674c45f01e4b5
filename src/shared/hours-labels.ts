/** Retainer hours' words and duration format, shared by the tables, the API and the screens (ADR 0033). */
export const APPROVAL_STATES = ["awaiting", "approved", "declined"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_LABELS: Record<ApprovalState, string> = {
  awaiting: "Awaiting approval",
  approved: "Approved",
  declined: "Declined",
};

/** The most one entry can hold: a full day. */
export const MAX_ENTRY_MINUTES = 24 * 60;

/** "3h 30m", "45m", "2h", "0m". */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? "-" : "";
  const whole = Math.abs(Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${sign}${rest}m`;
  return rest === 0 ? `${sign}${hours}h` : `${sign}${hours}h ${rest}m`;
}

const HOURS_AND_MINUTES = /^(?:(\d{1,3})\s*h(?:ours?|rs?)?)?\s*(?:(\d{1,4})\s*m(?:in(?:utes?|s)?)?)?$/i;
const DECIMAL_HOURS = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;
const CLOCK = /^(\d{1,2}):([0-5]\d)$/;

/**
 * Minutes from what a person types: "1h 30m", "1h30", "90m", "1.5" or "1,5" (hours), "1:30".
 * The one parser of the entry form and the server. Null when it is not a duration.
 */
export function parseDuration(input: string): number | null {
  const text = input.trim();
  if (text === "") return null;
  const decimal = DECIMAL_HOURS.exec(text);
  if (decimal) return Math.round(Number(`${decimal[1]}.${decimal[2] ?? "0"}`) * 60);
  const clock = CLOCK.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const trailingMinutes = /^(\d{1,3})\s*h\s*(\d{1,2})$/i.exec(text);
  if (trailingMinutes) return Number(trailingMinutes[1]) * 60 + Number(trailingMinutes[2]);
  const parts = HOURS_AND_MINUTES.exec(text);
  if (!parts || (parts[1] === undefined && parts[2] === undefined)) return null;
  return Number(parts[1] ?? 0) * 60 + Number(parts[2] ?? 0);
}

/** Why a typed duration is refused, or null when it is a valid one. */
export function durationProblem(input: string): string | null {
  const minutes = parseDuration(input);
  if (minutes === null) return 'Enter a duration such as "1h 30m" or "1.5"';
  if (minutes < 1) return "Enter at least 1 minute";
  if (minutes > MAX_ENTRY_MINUTES) return "One entry holds at most 24h";
  return null;
}
