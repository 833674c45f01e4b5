import { clientDetailSchemas } from "../../../shared/client-detail";
import { clientDetailOps } from "../../../shared/operations/client-detail";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf } from "../../http/service-context";
import { cancelInvitation, resendInvitation } from "./staff-invitations.service";
import { makeOwner, removeMember } from "./staff-members.service";

const staff = { access: "staff", tag: "Staff: companies" } as const;

const resendInvitationEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.resendInvitation,
  schemas: clientDetailSchemas.resendInvitation,
  summary: "Send an invitation again, with a new link and a new expiry",
  description: "The previous link stops working. An invitation of another company answers 404.",
  ok: "Sent; the new link expires then.",
  responses: conflictResponse("The invitation was already accepted."),
});

const cancelInvitationEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.cancelInvitation,
  schemas: clientDetailSchemas.cancelInvitation,
  summary: "Cancel an invitation that was not accepted: its link stops working",
  ok: "Canceled.",
  responses: conflictResponse("The invitation was already accepted."),
});

const removeMemberEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.removeMember,
  schemas: clientDetailSchemas.removeMember,
  summary: "Take someone out of a client company; they keep their account, without a company",
  description: "The owner cannot be removed (409): make another member the owner first.",
  ok: "Removed.",
  responses: conflictResponse("The member is the company's owner."),
});

const makeOwnerEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.makeOwner,
  schemas: clientDetailSchemas.makeOwner,
  summary: "Make a member the company's owner; the previous owner stays on as a member",
  ok: "The new owner.",
  responses: conflictResponse("The member is already the company's owner."),
});

/** Staff manage a client company's people and invitations; every change is audited. */
export function clientMembersEndpoints() {
  return [
    handle(resendInvitationEndpoint, async (c) => {
      const { id, invitationId } = c.req.valid("param");
      return c.json(await resendInvitation(actorContextOf(c), { companyId: id, invitationId }), 200);
    }),
    handle(cancelInvitationEndpoint, async (c) => {
      const { id, invitationId } = c.req.valid("param");
      return c.json(await cancelInvitation(actorContextOf(c), { companyId: id, invitationId }), 200);
    }),
    handle(removeMemberEndpoint, async (c) => {
      const { id, userId } = c.req.valid("param");
      return c.json(await removeMember(actorContextOf(c), { companyId: id, userId }), 200);
    }),
    handle(makeOwnerEndpoint, async (c) => {
      const ids = { companyId: c.req.valid("param").id, userId: c.req.valid("json").userId };
      return c.json(await makeOwner(actorContextOf(c), ids), 200);
    }),
  ];
}
