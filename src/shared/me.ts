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
      requireSecondFactor: z.boolean().meta({
        description: "The owner requires a second factor of every member (see secondFactorRequired).",
      }),
    })
    .nullable()
    .meta({
      description:
        "The client company the user belongs to; null for staff. While staff view a company as its client, " +
        "that company, with the owner's role (read only).",
    }),
  secondFactorRequired: z.boolean().meta({
    description:
      "True when this session must pass a second factor before anything but the account: staff, and members of " +
      "a company whose owner requires one, who have not set one up (or signed in without their passkey). " +
      "Other endpoints answer 403 SECOND_FACTOR_REQUIRED meanwhile.",
  }),
  viewingAs: ZViewingAs.nullable().meta({
    description: "The client company this staff session is viewing, read only, and until when; null otherwise.",
  }),
});
export type TGetMeResponse = z.infer<typeof ZGetMeResponse>;

/** A browser that ticked "Trust this device for 30 days": signing in there skips the second factor. */
export const ZTrustedBrowser = z.object({
  id: z.string(),
  lastSignInAt: z.iso.datetime().meta({
    description: "When the account last signed in from it (each sign-in renews the trust for 30 days).",
  }),
  expiresAt: z.iso.datetime().meta({ description: "Signing in there asks for the code again from then on." }),
  thisBrowser: z.boolean().meta({ description: "True for the browser that sent the request." }),
});
export type TTrustedBrowser = z.infer<typeof ZTrustedBrowser>;

export const ZListTrustedBrowsersResponse = z.object({ browsers: z.array(ZTrustedBrowser) });
export type TListTrustedBrowsersResponse = z.infer<typeof ZListTrustedBrowsersResponse>;

export const ZForgetTrustedBrowsersResponse = z.object({
  forgotten: z.number().int().min(0).meta({ description: "How many browsers will ask for the code again." }),
});

/** The signed-in user's API (its methods and paths: `operations/me.ts`). */
export const meSchemas = {
  getMe: { response: ZGetMeResponse },
  listTrustedBrowsers: { response: ZListTrustedBrowsersResponse },
  forgetTrustedBrowser: {
    params: z.object({ id: z.string().min(1).max(100) }),
    response: ZForgetTrustedBrowsersResponse,
  },
  forgetTrustedBrowsers: { response: ZForgetTrustedBrowsersResponse },
};
export type MeSchemas = typeof meSchemas;
