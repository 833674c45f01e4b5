import { randomUUID } from "node:crypto";
import { user } from "../../db/schema/auth";
import { clientSummary, company, companyInvitation, companyMember } from "../../db/schema/companies";
import type { TestRuntime } from "../../test/test-runtime";

const DAY = 86_400_000;

/** A company as the table should show it, written straight into the tables it reads. */
export async function seedClient(
  t: TestRuntime,
  spec: {
    name: string;
    status?: "trial" | "active" | "paused" | "churned";
    owner?: { name: string; email: string };
    invitation?: string;
    summary?: { live: number; total: number; runs: number; failed: number; minutes: number; daysAgo: number };
  },
) {
  const [row] = await t.db
    .insert(company)
    .values({ name: spec.name, status: spec.status ?? "active" })
    .returning({ id: company.id });
  const id = row!.id;
  if (spec.owner) {
    const userId = randomUUID();
    await t.db.insert(user).values({ id: userId, ...spec.owner, emailVerified: true });
    await t.db.insert(companyMember).values({ companyId: id, userId, role: "owner" });
  }
  if (spec.invitation) {
    const expiresAt = new Date(Date.now() + DAY);
    await t.db.insert(companyInvitation).values([
      { companyId: id, email: `old-${spec.invitation}`, tokenHash: randomUUID(), expiresAt, createdAt: new Date(0) },
      { companyId: id, email: spec.invitation, tokenHash: randomUUID(), expiresAt },
    ]);
  }
  if (spec.summary) {
    const { live, total, runs, failed, minutes, daysAgo } = spec.summary;
    await t.db.insert(clientSummary).values({
      companyId: id,
      automationsLive: live,
      automationsTotal: total,
      runs7d: runs,
      failed7d: failed,
      minutesSaved30d: minutes,
      lastActivityAt: new Date(Date.now() - daysAgo * DAY),
    });
  }
  return id;
}
