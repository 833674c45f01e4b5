import { z } from "zod";
import {
  userIdField,
  ZCancelInvitationResponse,
  ZMakeOwnerRequest,
  ZMakeOwnerResponse,
  ZRemoveMemberResponse,
  ZResendInvitationResponse,
} from "../../../shared/client-detail";
import { actorOf, namedActorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { cancelInvitation, resendInvitation } from "./staff-invitations.service";
import { makeOwner, removeMember } from "./staff-members.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const staff = { access: "staff", tag: "Staff: companies" } as const;
const invitationPath = z.object({ id: z.uuid(), invitationId: z.uuid() });
const memberPath = z.object({ id: z.uuid(), userId: userIdField });

const resendInvitationEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/invitations/{invitationId}/resend",
  operationId: "resendInvitation",
  summary: "Send an invitation again, with a new link and a new expiry",
  description: "The previous link stops working. An invitation of another company answers 404.",
  request: { params: invitationPath },
  responses: { 200: json(ZResendInvitationResponse, "Sent; the new link expires then.") },
});

const cancelInvitationEndpoint = endpoint({
  ...staff,
  method: "delete",
  path: "/{id}/invitations/{invitationId}",
  operationId: "cancelInvitation",
  summary: "Cancel an invitation that was not accepted: its link stops working",
  request: { params: invitationPath },
  responses: { 200: json(ZCancelInvitationResponse, "Canceled.") },
});

const removeMemberEndpoint = endpoint({
  ...staff,
  method: "delete",
  path: "/{id}/members/{userId}",
  operationId: "removeMember",
  summary: "Take someone out of a client company; they keep their account, without a company",
  description: "The owner cannot be removed (409): make another member the owner first.",
  request: { params: memberPath },
  responses: { 200: json(ZRemoveMemberResponse, "Removed.") },
});

const makeOwnerEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/owner",
  operationId: "makeOwner",
  summary: "Make a member the company's owner; the previous owner stays on as a member",
  request: {
    params: z.object({ id: z.uuid() }),
    body: ZMakeOwnerRequest.meta({ example: { userId: "Xx4vY0mHq2bN7sLw9kT3pR8cD1fG5jZa" } }),
  },
  responses: { 200: json(ZMakeOwnerResponse, "The new owner.") },
});

/** Staff manage a client company's people and invitations; every change is audited. */
export function clientMembersRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return createRouter()
    .openapi(resendInvitationEndpoint, async (c) => {
      const { id, invitationId } = c.req.valid("param");
      const actor = namedActorOf(c);
      const sent = await resendInvitation(db, actor, { companyId: id, invitationId }, { appUrl: config.APP_URL });
      mailer.nudge();
      return c.json(sent, 200);
    })
    .openapi(cancelInvitationEndpoint, async (c) => {
      const { id, invitationId } = c.req.valid("param");
      return c.json(await cancelInvitation(db, actorOf(c), { companyId: id, invitationId }), 200);
    })
    .openapi(removeMemberEndpoint, async (c) => {
      const { id, userId } = c.req.valid("param");
      return c.json(await removeMember(db, actorOf(c), { companyId: id, userId }), 200);
    })
    .openapi(makeOwnerEndpoint, async (c) => {
      const ids = { companyId: c.req.valid("param").id, userId: c.req.valid("json").userId };
      return c.json(await makeOwner(db, actorOf(c), ids), 200);
    });
}
