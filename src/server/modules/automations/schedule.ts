/** An automation's expected schedule in words: "day", "3 hours", "15 minutes"; "—" without one. */
export function describeEvery(minutes: number | null): string {
  if (!minutes) return "—";
  if (minutes % 1440 === 0) return minutes === 1440 ? "day" : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "minute" : `${minutes} minutes`;
}
