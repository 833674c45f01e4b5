// The companies module's public face: what the API, the jobs, sign-up and other modules use of it.
export { clientDetailEndpoints } from "./client-detail.routes";
export { clientMembersEndpoints } from "./client-members.routes";
export { refreshClientSummaries } from "./client-summaries.service";
export { clientsTableEndpoints } from "./clients-table.routes";
export { companyEndpoints, staffCompaniesEndpoints } from "./companies.routes";
export { createCompanyForNewClient } from "./companies.service";
export { writeClientCompany } from "./create-company.service";
export { joinInvitedCompanyAtSignUp } from "./accept-invitation.service";
export { isPersonalMailDomain } from "./companies.service";
export { inviteInTransaction } from "./invitations.service";
export { updateHourlyValue } from "./companies.service";
