import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { subscription } from "../../db/schema/billing";
import { clientSummary, company, companyInvitation, companyMember } from "../../db/schema/companies";
import { pricingPlan } from "../../db/schema/pricing";
import { ticket } from "../../db/schema/support";
import type { BillingInterval, SubscriptionStatus } from "../../../shared/billing-labels";
import type { TTicketStatus } from "../../../shared/support-labels";
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
    subscription?: { plan: string; status: SubscriptionStatus; interval: BillingInterval };
    /** Tickets by status: open ones and resolved ones. */
    tickets?: { open: number; resolved: number };
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
  if (spec.subscription) {
    const [onPlan] = await t.db
      .select({ id: pricingPlan.id })
      .from(pricingPlan)
      .where(eq(pricingPlan.slug, spec.subscription.plan));
    const now = Date.now();
    await t.db.insert(subscription).values({
      companyId: id,
      planId: onPlan!.id,
      status: spec.subscription.status,
      interval: spec.subscription.interval,
      currentPeriodStart: new Date(now - DAY),
      currentPeriodEnd: new Date(now + 29 * DAY),
    });
  }
  if (spec.tickets) {
    const { open, resolved } = spec.tickets;
    const statuses: TTicketStatus[] = [
      ...Array.from({ length: open }, (_, i): TTicketStatus => (i % 2 ? "waiting_on_client" : "open")),
      ...Array.from({ length: resolved }, (): TTicketStatus => "resolved"),
    ];
    if (statuses.length)
      await t.db
        .insert(ticket)
        .values(
          statuses.map((status, i) => ({ companyId: id, subject: `Ticket ${i}`, category: "other" as const, status })),
        );
  }
  return id;
}
