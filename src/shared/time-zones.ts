import { z } from "zod";
import { canonicalTimeZone } from "./time-zone-names";

export { browserTimeZone, canonicalTimeZone, timeZoneChoices } from "./time-zone-names";

export const timeZoneField = z
  .string({ error: "Choose a time zone" })
  .trim()
  .max(64, "Choose a time zone from the list, like Europe/Berlin")
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({
      code: "custom",
      message: `Unknown time zone "${value}": choose one from the list, like Europe/Berlin`,
    });
    return z.NEVER;
  })
  .meta({ description: "An IANA time zone, like Europe/Berlin; days and months follow it.", example: "Europe/Berlin" });
