import { z } from "zod";
import { emailField, optionalTextField, plainString, textField } from "./fields";
import { intField as int } from "./int-field";
import { timeZoneField } from "./time-zones";

const COMPANY_ROLES = ["owner", "member"] as const;
/** A client company's status, derived from its subscription, invoices and automations (ADR 0031). */
export const COMPANY_STATUSES = ["trial", "active", "past_due", "paused", "churned"] as const;

/** The signed-in member's company page. */
export const ZGetCompanyResponse = z.object({
  company: z.object({
    id: z.uuid(),
    name: z.string(),
    hourlyValueMinor: z.number().int().min(0).meta({
      description: "What an hour of the client's staff time is worth, in minor units of currency.",
    }),
    currency: z.string(),
    timeZone: z.string().meta({ description: "IANA time zone: the company's days and months follow it." }),
    requireSecondFactor: z.boolean().meta({
      description:
        "The owner requires a second factor of every member: members without one reach only their account until they set one up.",
    }),
  }),
  role: z.enum(COMPANY_ROLES).meta({ description: "The viewer's role in the company." }),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(COMPANY_ROLES),
      since: z.iso.datetime(),
      hasSecondFactor: z.boolean().nullable().meta({
        description:
          "Whether the member has an authenticator app or a passkey; only the owner sees it (null for members).",
      }),
    }),
  ),
  invitations: z
    .array(
      z.object({
        id: z.uuid(),
        email: z.string(),
        expiresAt: z.iso.datetime(),
        createdAt: z.iso.datetime(),
      }),
    )
    .meta({
      description: "Open invitations; only the owner sees them (empty for members).",
    }),
});

export const ZUpdateHourlyValueResponse = z.object({
  hourlyValueMinor: z.number().int().min(0),
});

export const ZUpdateTimeZoneRequest = z.object({ timeZone: timeZoneField });
export type TUpdateTimeZoneRequest = z.input<typeof ZUpdateTimeZoneRequest>;

export const ZUpdateTimeZoneResponse = z.object({ timeZone: z.string() });

export const ZUpdateSecondFactorPolicyRequest = z.object({
  required: z.boolean().meta({ description: "Whether every member of the company needs a second factor." }),
});
export type TUpdateSecondFactorPolicyRequest = z.input<typeof ZUpdateSecondFactorPolicyRequest>;

export const ZUpdateSecondFactorPolicyResponse = z.object({
  requireSecondFactor: z.boolean(),
  membersWithoutSecondFactor: z
    .number()
    .int()
    .min(0)
    .meta({ description: "How many members have no second factor yet: they set one up at their next sign-in." }),
});

/** Both the owner's and staff's invitations answer this. */
/** An invitation on its way (as a company's first invitation, made with it). */
export const ZInvitationSent = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime().meta({ description: "The invitation link stops working then." }),
});

export const ZInviteMemberResponse = ZInvitationSent.extend({
  resent: z.boolean().meta({
    description:
      "True when the address already had a pending invitation to the company: that one was sent again, " +
      "with a new link (the earlier link stops working) and a new expiry.",
  }),
});
export type TInviteMemberResponse = z.infer<typeof ZInviteMemberResponse>;

export const ZAcceptInvitationResponse = z.object({
  ok: z.literal(true),
  companyId: z.uuid(),
  companyName: z.string(),
});

/** What a signed-out visitor holding an invitation link may know before signing up from it. */
export const ZPreviewInvitationResponse = z.object({
  companyName: z.string().meta({ description: "The company the invitation is to." }),
  email: z.string().meta({ description: "The address it was sent to: the account to make or sign in with." }),
  expiresAt: z.iso.datetime(),
});
export type TPreviewInvitationResponse = z.infer<typeof ZPreviewInvitationResponse>;

/* ---------- Requests ---------- */

export const ZUpdateHourlyValueRequest = z.object({
  /** In minor units (cents). */
  hourlyValueMinor: int("Hourly value", 0, 100_000_00),
});
export type TUpdateHourlyValueRequest = z.input<typeof ZUpdateHourlyValueRequest>;

export const ZInviteMemberRequest = z.object({
  email: textField.pipe(z.email("Invalid email")).transform((v) => v.toLowerCase()),
  name: optionalTextField,
});
export type TInviteMemberRequest = z.input<typeof ZInviteMemberRequest>;

export const ZAcceptInvitationRequest = z.object({ token: plainString(200).pipe(z.string().min(1, "Required")) });
export type TAcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;

export const ZPreviewInvitationQuery = z.object({
  token: plainString(200)
    .pipe(z.string().min(1, "Required"))
    .meta({ description: "The token of the invitation link (`/accept-invitation?token=…`)." }),
});

/** Staff create a client company (for clients who never signed up), optionally inviting its first user. */
export const ZCreateClientCompanyRequest = z.object({
  name: textField,
  timeZone: timeZoneField.default("UTC"),
  inviteEmail: z
    .union([z.literal(""), emailField])
    .optional()
    .transform((v) => v || undefined)
    .meta({ description: "The first user; they become the company's owner when they accept." }),
});
export type TCreateClientCompanyRequest = z.input<typeof ZCreateClientCompanyRequest>;

export const ZCreateClientCompanyResponse = z.object({
  company: z.object({ id: z.uuid(), name: z.string(), status: z.enum(COMPANY_STATUSES), timeZone: z.string() }),
  invitation: ZInvitationSent.nullable(),
});

const byCompanyId = z.object({ id: z.uuid() });
const inviteExample = { email: "joe@acme.test" };

/** The company API, operation by operation (its methods and paths: `operations/companies.ts`). */
export const companiesSchemas = {
  getCompany: { response: ZGetCompanyResponse },
  updateHourlyValue: {
    body: ZUpdateHourlyValueRequest.meta({ example: { hourlyValueMinor: 6500 } }),
    response: ZUpdateHourlyValueResponse,
  },
  updateTimeZone: {
    body: ZUpdateTimeZoneRequest.meta({ example: { timeZone: "Europe/Berlin" } }),
    response: ZUpdateTimeZoneResponse,
  },
  updateSecondFactorPolicy: {
    body: ZUpdateSecondFactorPolicyRequest.meta({ example: { required: true } }),
    response: ZUpdateSecondFactorPolicyResponse,
  },
  inviteMember: { body: ZInviteMemberRequest.meta({ example: inviteExample }), response: ZInviteMemberResponse },
  acceptInvitation: { body: ZAcceptInvitationRequest, response: ZAcceptInvitationResponse },
  previewInvitation: { query: ZPreviewInvitationQuery, response: ZPreviewInvitationResponse },
  createClientCompany: {
    body: ZCreateClientCompanyRequest.meta({
      example: { name: "Acme Ltd", inviteEmail: "joe@acme.test" },
    }),
    response: ZCreateClientCompanyResponse,
  },
  inviteToCompany: {
    params: byCompanyId,
    body: ZInviteMemberRequest.meta({ example: inviteExample }),
    response: ZInviteMemberResponse,
  },
};
export type CompaniesSchemas = typeof companiesSchemas;
