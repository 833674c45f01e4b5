import type { TAuditEntry } from "../../../shared/audit";
import type { TGetClientCompanyResponse } from "../../../shared/client-detail";
import type { TGetDashboardResponse } from "../../../shared/dashboard";

/** What the staff endpoints answer for one client company, for the client detail screen's tests. */
export const ID = "0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978";
export const API = `/api/staff/companies/${ID}`;

export const detail: TGetClientCompanyResponse = {
  company: {
    id: ID,
    name: "Acme Ltd",
    status: "active",
    currency: "EUR",
    hourlyValueMinor: 6500,
    createdAt: "2026-01-05T10:00:00.000Z",
  },
  members: [
    {
      userId: "u-ann",
      name: "Ann",
      email: "ann@acme.test",
      role: "owner",
      emailVerified: true,
      since: "2026-01-05T10:00:00.000Z",
    },
    {
      userId: "u-bob",
      name: "Bob",
      email: "bob@acme.test",
      role: "member",
      emailVerified: false,
      since: "2026-02-01T10:00:00.000Z",
    },
  ],
  invitations: [
    {
      id: "9d1c1c1e-0000-4000-8000-000000000001",
      email: "cat@acme.test",
      createdAt: "2026-03-01T10:00:00.000Z",
      expiresAt: "2099-03-08T10:00:00.000Z",
      expired: false,
    },
    {
      id: "9d1c1c1e-0000-4000-8000-000000000002",
      email: "dan@acme.test",
      createdAt: "2026-01-01T10:00:00.000Z",
      expiresAt: "2026-01-08T10:00:00.000Z",
      expired: true,
    },
  ],
  counts: { members: 2, openInvitations: 1, automations: 3, automationsLive: 2 },
};

export const dashboard: TGetDashboardResponse = {
  company: { id: ID, name: "Acme Ltd", hourlyValueMinor: 6500, currency: "EUR", timeZone: "Europe/Berlin", role: null },
  automations: { total: 3, live: 2 },
  minutesSavedThisMonth: 600,
  minutesSavedLastMonth: 300,
  moneySavedThisMonthMinor: 65000,
  moneySavedLastMonthMinor: 32500,
  costThisMonth: null,
  comparedWith: { from: "2026-10-01", to: "2026-10-23" },
  currency: "EUR",
  runsThisMonth: 42,
  successRateThisMonth: 0.95,
  days30: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-03-${String(i + 1).padStart(2, "0")}`,
    success: 1,
    failed: 0,
    skipped: 0,
    running: 0,
  })),
  attention: [],
  proposalsAwaiting: [],
  emailUnconfirmed: false,
  ticketsWaiting: [],
  invoicesUnpaid: [],
  recent: [],
};

export const entry = (n: number, extra: Partial<TAuditEntry> = {}): TAuditEntry => ({
  id: `7a1c1c1e-0000-4000-8000-${String(n).padStart(12, "0")}`,
  createdAt: "2026-03-10T09:30:00.000Z",
  actorId: "staff-1",
  actorEmail: "sam@agency.test",
  actorIp: "203.0.113.7",
  action: "invitation.sent",
  companyId: ID,
  companyName: "Acme Ltd",
  objectType: "invitation",
  objectId: null,
  summary: `Entry ${n}`,
  before: null,
  after: null,
  ...extra,
});
