import { z } from "zod";
import { ZViewingAs } from "./view-as";

/** What the signed-in area needs to know about the current user. */
export const ZGetMeResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["client", "admin"]).meta({
      description:
        "admin is agency staff. While staff view a company as its client, client: the portal shows the client's view.",
    }),
    emailVerified: z.boolean(),
  }),
  company: z
    .object({
      id: z.uuid(),
      name: z.string(),
      role: z.enum(["owner", "member"]),
    })
    .nullable()
    .meta({
      description:
        "The client company the user belongs to; null for staff. While staff view a company as its client, " +
        "that company, with the owner's role (read only).",
    }),
  viewingAs: ZViewingAs.nullable().meta({
    description: "The client company this staff session is viewing, read only, and until when; null otherwise.",
  }),
});
export type TGetMeResponse = z.infer<typeof ZGetMeResponse>;

/** The signed-in user's API (its methods and paths: `operations/me.ts`). */
export const meSchemas = {
  getMe: { response: ZGetMeResponse },
};
export type MeSchemas = typeof meSchemas;
