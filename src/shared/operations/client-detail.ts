import { operations } from "../api-operation";
import type { ClientDetailSchemas } from "../client-detail";

export const clientDetailOps = operations<ClientDetailSchemas>()({
  getClientCompany: "GET /api/staff/companies/{id}",
  getClientDashboard: "GET /api/staff/companies/{id}/dashboard",
  updateClientCompany: "PATCH /api/staff/companies/{id}",
  resendInvitation: "POST /api/staff/companies/{id}/invitations/{invitationId}/resend",
  cancelInvitation: "DELETE /api/staff/companies/{id}/invitations/{invitationId}",
  removeMember: "DELETE /api/staff/companies/{id}/members/{userId}",
  makeOwner: "POST /api/staff/companies/{id}/owner",
});
