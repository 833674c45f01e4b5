import { operations } from "../api-operation";
import type { CompaniesSchemas } from "../companies";

export const companiesOps = operations<CompaniesSchemas>()({
  getCompany: "GET /api/company",
  updateHourlyValue: "PATCH /api/company",
  updateTimeZone: "PUT /api/company/time-zone",
  updateSecondFactorPolicy: "PUT /api/company/second-factor-policy",
  inviteMember: "POST /api/company/invitations",
  acceptInvitation: "POST /api/company/invitations/accept",
  previewInvitation: "GET /api/invitations/preview",
  createClientCompany: "POST /api/staff/companies",
  inviteToCompany: "POST /api/staff/companies/{id}/invitations",
});
