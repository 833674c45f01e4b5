import type { TGetAdminOverviewResponse } from "../../shared/admin";
import type { TAuditEntry } from "../../shared/audit";
import type { TLead } from "../../shared/leads";

/** Answers of the staff endpoints for the screens' tests, shaped as the server sends them. */
export const OVERVIEW: TGetAdminOverviewResponse = {
  clients: 41,
  staff: 3,
  unconfirmedUsers: 2,
  signUpsLast7Days: 4,
  signUpsLast30Days: 12,
  companies: 30,
  companiesByStatus: { trial: 6, active: 17, past_due: 2, paused: 2, churned: 3 },
  undeliveredMail: 1,
  automations: { failing: 2, stale: 0 },
  runs: {
    last24Hours: { finished: 1225, succeeded: 1200, failed: 25, successRate: 1200 / 1225 },
    last7Days: { finished: 8020, succeeded: 7900, failed: 120, successRate: 7900 / 8020 },
  },
  newLeads: 5,
  proposalsWaiting: 2,
  requestsWaiting: 1,
};

export const COMPANY_ID = "3d6f1c2a-8b1d-4c39-9a57-0d2e4b6f8a10";

export const auditEntry = (n: number, overrides: Partial<TAuditEntry> = {}): TAuditEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  createdAt: "2026-03-10T09:00:00.000Z",
  actorId: "staff-1",
  actorEmail: "sam@agency.test",
  actorIp: "203.0.113.7",
  action: "company.status_changed",
  companyId: COMPANY_ID,
  companyName: "Acme Ltd",
  objectType: "company",
  objectId: COMPANY_ID,
  summary: `Change number ${n}`,
  before: { status: "active" },
  after: { status: "paused" },
  ...overrides,
});

export const lead = (overrides: Partial<TLead> = {}): TLead => ({
  id: "8a1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10",
  name: "Dana Example",
  email: "dana@example.test",
  company: "Example GmbH",
  phone: "+49 30 1234",
  website: "https://example.test",
  message: "Every Friday we retype 40 invoices.",
  status: "new",
  notes: "",
  convertedCompanyId: null,
  createdAt: "2026-03-10T09:00:00.000Z",
  updatedAt: "2026-03-10T09:00:00.000Z",
  ...overrides,
});
