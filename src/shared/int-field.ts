import { z } from "zod";

/** A whole number within bounds, with messages that name the field. */
export const intField = (label: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? "Required" : `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
