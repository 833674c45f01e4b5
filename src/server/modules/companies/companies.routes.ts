import { companiesSchemas } from "../../../shared/companies";
import { companiesOps } from "../../../shared/operations/companies";
import { passedSecondFactor } from "../../../shared/second-factor";
import { conflictResponse, errorResponse, handle, json, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { acceptInvitation, previewInvitation } from "./accept-invitation.service";
import { getCompanyOverview, updateHourlyValue } from "./companies.service";
import { createClientCompany } from "./create-company.service";
import { inviteToCompany } from "./invitations.service";
import { updateSecondFactorPolicy } from "./second-factor-policy.service";
import { updateTimeZone } from "./update-time-zone.service";
import type { TInviteMemberResponse } from "../../../shared/companies";

const tag = "Company";

const getCompany = operationEndpoint({
  tag,
  // Not "signedIn": the team is company data, held back like the rest while a required second factor is missing.
  access: "member",
  operation: companiesOps.getCompany,
  schemas: companiesSchemas.getCompany,
  summary: "The caller's client company: settings, members and open invitations",
  ok: "The company.",
  responses: { 404: errorResponse("The caller belongs to no client company.") },
});

const updateHourlyValueEndpoint = operationEndpoint({
  tag,
  access: "owner",
  operation: companiesOps.updateHourlyValue,
  schemas: companiesSchemas.updateHourlyValue,
  summary: "Change what an hour of the company's work is worth",
  ok: "The new value.",
});

const updateTimeZoneEndpoint = operationEndpoint({
  tag,
  access: "owner",
  operation: companiesOps.updateTimeZone,
  schemas: companiesSchemas.updateTimeZone,
  summary: "Change the company's time zone; its days, months and charts follow it",
  description:
    "Rebuilds the company's daily figures from its runs in the new zone, in the same transaction: nothing is lost.",
  ok: "The new time zone.",
});

const updateSecondFactorPolicyEndpoint = operationEndpoint({
  tag,
  access: "owner",
  operation: companiesOps.updateSecondFactorPolicy,
  schemas: companiesSchemas.updateSecondFactorPolicy,
  summary: "Require a second factor of every member of the company, or stop requiring it",
  description:
    "While it is required, a member without an authenticator app or a passkey (or signed in without their passkey) " +
    "gets 403 SECOND_FACTOR_REQUIRED from every company endpoint, and reaches only their account, to set one up. " +
    "Members without one are mailed when it is turned on.",
  ok: "The policy, and how many members have no second factor yet.",
  responses: {
    ...conflictResponse(
      "The owner's own session has not passed a second factor: set one up (or sign in with it) first.",
    ),
  },
});

/** What an invite answers: the address, the link's expiry, and whether a pending invitation was sent again. */
const responseOf = ({ email, expiresAt, resent }: TInviteMemberResponse) => ({ email, expiresAt, resent });

const inviteMember = operationEndpoint({
  tag,
  access: "owner",
  operation: companiesOps.inviteMember,
  schemas: companiesSchemas.inviteMember,
  summary: "Invite someone to the company by email",
  ok: "Sent.",
  okStatus: 201,
  responses: {
    200: json(
      companiesSchemas.inviteMember.response,
      "The address already had a pending invitation: sent again, with a new link.",
    ),
  },
});

const acceptInvitationEndpoint = operationEndpoint({
  tag,
  access: "signedIn",
  operation: companiesOps.acceptInvitation,
  schemas: companiesSchemas.acceptInvitation,
  summary: "Join the company an invitation is for",
  ok: "Joined.",
  responses: {
    403: errorResponse("The invitation was sent to another address, or the caller is agency staff."),
    404: errorResponse("The invitation link is not valid."),
    410: errorResponse("The invitation has expired or has already been used."),
    ...conflictResponse(
      "Joining would leave the caller's company without an owner (it has other members) or with nobody (it holds a subscription, invoices, automations, tickets or a plan).",
    ),
  },
});

const previewInvitationEndpoint = operationEndpoint({
  tag,
  access: "public",
  operation: companiesOps.previewInvitation,
  schemas: companiesSchemas.previewInvitation,
  summary: "Which company an invitation link is for, and the address it was sent to",
  description:
    "For the sign-up form a signed-out newcomer reaches from the link: the account it makes joins that company.",
  ok: "The invitation can be used.",
  responses: {
    404: errorResponse("The invitation link is not valid."),
    410: errorResponse("The invitation has expired or has already been used."),
  },
});

/** The signed-in user's own company: settings, members, invitations. */
export function companyEndpoints() {
  return [
    handle(getCompany, async (c) =>
      c.json(await getCompanyOverview(actorContextOf(c), { viewedCompanyId: c.get("view")?.companyId }), 200),
    ),
    handle(updateHourlyValueEndpoint, async (c) =>
      c.json(
        await updateHourlyValue(actorContextOf(c), { companyId: c.get("companyId"), ...c.req.valid("json") }),
        200,
      ),
    ),
    handle(updateTimeZoneEndpoint, async (c) =>
      c.json(await updateTimeZone(actorContextOf(c), { companyId: c.get("companyId"), ...c.req.valid("json") }), 200),
    ),
    handle(updateSecondFactorPolicyEndpoint, async (c) => {
      const input = {
        companyId: c.get("companyId"),
        required: c.req.valid("json").required,
        ownerPassedSecondFactor: passedSecondFactor(c.get("user"), c.get("session")),
      };
      return c.json(await updateSecondFactorPolicy(actorContextOf(c), input), 200);
    }),
    handle(inviteMember, async (c) => {
      const input = { companyId: c.get("companyId"), email: c.req.valid("json").email };
      const sent = await inviteToCompany(actorContextOf(c), input);
      return sent.resent ? c.json(responseOf(sent), 200) : c.json(responseOf(sent), 201);
    }),
    handle(acceptInvitationEndpoint, async (c) =>
      c.json(await acceptInvitation(actorContextOf(c), c.req.valid("json")), 200),
    ),
    handle(previewInvitationEndpoint, async (c) =>
      c.json(await previewInvitation(contextOf(c), c.req.valid("query")), 200),
    ),
  ];
}

const createClientCompanyEndpoint = operationEndpoint({
  tag: "Staff: companies",
  access: "staff",
  operation: companiesOps.createClientCompany,
  schemas: companiesSchemas.createClientCompany,
  summary: "Create a client company, and invite its first user in the same step",
  description: "The first person to accept an invitation to a company without an owner becomes its owner.",
  ok: "Created; the invitation is on its way.",
  okStatus: 201,
});

const inviteToCompanyEndpoint = operationEndpoint({
  tag: "Staff: companies",
  access: "staff",
  operation: companiesOps.inviteToCompany,
  schemas: companiesSchemas.inviteToCompany,
  summary: "Invite someone to a client company on its behalf",
  ok: "Sent.",
  okStatus: 201,
  responses: {
    200: json(
      companiesSchemas.inviteToCompany.response,
      "The address already had a pending invitation: sent again, with a new link.",
    ),
  },
});

/** Staff: create client companies, and invite on a company's behalf (the clients table is clients-table.routes.ts). */
export function staffCompaniesEndpoints() {
  return [
    handle(createClientCompanyEndpoint, async (c) =>
      c.json(await createClientCompany(actorContextOf(c), c.req.valid("json")), 201),
    ),
    handle(inviteToCompanyEndpoint, async (c) => {
      const input = { companyId: c.req.valid("param").id, email: c.req.valid("json").email };
      const sent = await inviteToCompany(actorContextOf(c), input);
      return sent.resent ? c.json(responseOf(sent), 200) : c.json(responseOf(sent), 201);
    }),
  ];
}
