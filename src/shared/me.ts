import { z } from "zod";

export const ZGetMeResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["admin", "client"]),
    emailVerified: z.boolean(),
  }),
  company: z
    .object({
      id: z.uuid(),
      name: z.string(),
      role: z.enum(["owner", "member"]),
      status: z.enum(["trial", "active", "paused", "churned"]),
    })
    .nullable()
    .meta({ description: "The client company the user belongs to; null for agency staff." }),
});
export type TGetMeResponse = z.infer<typeof ZGetMeResponse>;

export const ZHealthResponse = z.object({ ok: z.literal(true) });
