import { z } from "zod";

/** A whole number within bounds, with messages that name the field. */
export const intField = (label: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? "Required" : `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** A page number in a query string ("?page=2"), 1 when absent. */
export const pageField = z.coerce
  .number({ error: "Page must be a number" })
  .int("Page must be a whole number")
  .min(1, "Page must be at least 1")
  .max(100_000, "Page must be at most 100000")
  .default(1);
