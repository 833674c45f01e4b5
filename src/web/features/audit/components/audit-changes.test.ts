import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../../lib/format";
import { auditChanges } from "./audit-changes";

describe("an audit entry's changes in words", () => {
  it("pairs the values before and after by field, with readable names and values", () => {
    expect(
      auditChanges(
        { status: "active", hourlyValueMinor: 5000 },
        { status: "paused", hourlyValueMinor: 6550, expiresAt: "2026-03-17T09:30:00.000Z" },
      ),
    ).toEqual([
      { field: "Status", before: "active", after: "paused" },
      { field: "Hourly value", before: "50.00", after: "65.50" },
      { field: "Link expires", before: null, after: formatDateTime("2026-03-17T09:30:00.000Z") },
    ]);
  });

  it("keeps what was removed, names unknown fields from their key, and shows an empty value as a dash", () => {
    expect(auditChanges({ email: "bob@acme.test", someFlag: true, owner: null }, null)).toEqual([
      { field: "Email", before: "bob@acme.test", after: null },
      { field: "Some Flag", before: "yes", after: null },
      { field: "Owner", before: "—", after: null },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it("never lists a field whose value before and after are equal (entries written before the server left them out)", () => {
    expect(auditChanges({ alerts: "all", weeklyDigest: true }, { alerts: "failures", weeklyDigest: true })).toEqual([
      { field: "Alerts", before: "all", after: "failures" },
    ]);
    expect(auditChanges({ roles: ["a", "b"] }, { roles: ["a", "b"] })).toEqual([]);
  });

  it("shows a text that only starts like an instant, or is no real date, as the text it is", () => {
    expect(
      auditChanges(
        { notes: "2026-03-17T09:30 call with Ana", expiresAt: "2026-13-45T99:99:00Z" },
        { notes: "2026-03-17T09:30:00+02:00", expiresAt: "2026-03-17T09:30:00.000Z" },
      ),
    ).toEqual([
      { field: "Notes", before: "2026-03-17T09:30 call with Ana", after: formatDateTime("2026-03-17T09:30:00+02:00") },
      { field: "Link expires", before: "2026-13-45T99:99:00Z", after: formatDateTime("2026-03-17T09:30:00.000Z") },
    ]);
  });
});
