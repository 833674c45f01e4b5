import { z } from "zod";
import { COMPANY_STATUSES } from "./companies";
import { ZGetDashboardResponse } from "./dashboard";
import { optionalTextField, plainString } from "./fields";

/** Staff's view of one client company: what the client detail screen shows. */
export const ZClientCompany = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(COMPANY_STATUSES),
  currency: z.string(),
  hourlyValueMinor: z.number().int().min(0).meta({
    description: "What an hour of the client's staff time is worth, in minor units of currency.",
  }),
  createdAt: z.iso.datetime(),
});
export type TClientCompany = z.infer<typeof ZClientCompany>;

export const ZClientMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["owner", "member"]),
  emailVerified: z.boolean(),
  since: z.iso.datetime().meta({ description: "When they joined the company." }),
});
export type TClientMember = z.infer<typeof ZClientMember>;

export const ZClientInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  expired: z.boolean().meta({ description: "The link no longer works; resend the invitation for a new one." }),
});
export type TClientInvitation = z.infer<typeof ZClientInvitation>;

export const ZGetClientCompanyResponse = z.object({
  company: ZClientCompany,
  members: z.array(ZClientMember).meta({ description: "The owner first, then by the day they joined." }),
  invitations: z
    .array(ZClientInvitation)
    .meta({ description: "Invitations not accepted yet, open and expired, newest first." }),
  counts: z.object({
    members: z.number().int().min(0),
    openInvitations: z.number().int().min(0),
    automations: z.number().int().min(0),
    automationsLive: z.number().int().min(0),
  }),
});
export type TGetClientCompanyResponse = z.infer<typeof ZGetClientCompanyResponse>;

export const ZUpdateClientCompanyRequest = z
  .object({ name: optionalTextField })
  .refine((body) => body.name !== undefined, { message: "Send a new name", path: ["name"] });
export type TUpdateClientCompanyRequest = z.input<typeof ZUpdateClientCompanyRequest>;

export const ZUpdateClientCompanyResponse = z.object({ company: ZClientCompany });

export const ZResendInvitationResponse = z.object({
  id: z.uuid(),
  email: z.string(),
  expiresAt: z.iso.datetime().meta({ description: "The new link stops working then; the old one already has." }),
});

export const ZCancelInvitationResponse = z.object({ canceled: z.literal(true) });

export const ZRemoveMemberResponse = z.object({ removed: z.literal(true) });

/** A user's id in a path: Better Auth's ids are short random strings, not UUIDs. */
export const userIdField = plainString(100).regex(/^[\w-]+$/, "Not a valid user id");

export const ZMakeOwnerRequest = z.object({ userId: userIdField.meta({ description: "A member of the company." }) });
export type TMakeOwnerRequest = z.input<typeof ZMakeOwnerRequest>;

export const ZMakeOwnerResponse = z.object({
  ownerUserId: z.string(),
  previousOwnerUserId: z.string().nullable().meta({ description: "Now a plain member; null if there was none." }),
});

const byCompanyId = z.object({ id: z.uuid() });
const invitationPath = z.object({ id: z.uuid(), invitationId: z.uuid() });
const memberPath = z.object({ id: z.uuid(), userId: userIdField });

/** Staff's client detail API, operation by operation (its methods and paths: `operations/client-detail.ts`). */
export const clientDetailSchemas = {
  getClientCompany: { params: byCompanyId, response: ZGetClientCompanyResponse },
  getClientDashboard: { params: byCompanyId, response: ZGetDashboardResponse },
  updateClientCompany: {
    params: byCompanyId,
    body: ZUpdateClientCompanyRequest.meta({ example: { name: "Acme Ltd" } }),
    response: ZUpdateClientCompanyResponse,
  },
  resendInvitation: { params: invitationPath, response: ZResendInvitationResponse },
  cancelInvitation: { params: invitationPath, response: ZCancelInvitationResponse },
  removeMember: { params: memberPath, response: ZRemoveMemberResponse },
  makeOwner: {
    params: byCompanyId,
    body: ZMakeOwnerRequest.meta({ example: { userId: "Xx4vY0mHq2bN7sLw9kT3pR8cD1fG5jZa" } }),
    response: ZMakeOwnerResponse,
  },
};
export type ClientDetailSchemas = typeof clientDetailSchemas;
