import { z } from "zod";
import { COMPANY_STATUSES } from "./companies";

/** What the signed-in area needs to know about the current user. */
export const ZGetMeResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["client", "admin"]).meta({ description: "admin is agency staff." }),
    emailVerified: z.boolean(),
  }),
  company: z
    .object({
      id: z.uuid(),
      name: z.string(),
      role: z.enum(["owner", "member"]),
      status: z.enum(COMPANY_STATUSES),
    })
    .nullable()
    .meta({
      description: "The client company the user belongs to; null for staff.",
    }),
});
export type TGetMeResponse = z.infer<typeof ZGetMeResponse>;
