import { randomUUID } from "node:crypto";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import {
  clientSummary,
  clientSummaryState,
  company,
  companyInvitation,
  companyMember,
} from "../../db/schema/companies";
import { ticket } from "../../db/schema/support";
import { givenOpenInvoice, givenSubscription } from "../../test/given-books";
import type { AutomationStatus } from "../../../shared/automations-labels";
import type { BillingInterval, SubscriptionStatus } from "../../../shared/billing-labels";
import type { TTicketStatus } from "../../../shared/support-labels";
import type { TestRuntime } from "../../test/test-runtime";

const DAY = 86_400_000;

/** A company as the table should show it, written straight into the tables it reads. */
export async function seedClient(
  t: TestRuntime,
  spec: {
    name: string;
    /** Automations in these statuses: all paused (none building or live) make the company paused. */
    automations?: AutomationStatus[];
    /** An open invoice this many days past its due date: the company is past due. */
    overdueDays?: number;
    owner?: { name: string; email: string };
    invitation?: string;
    summary?: { live: number; total: number; runs: number; failed: number; minutes: number; daysAgo: number };
    subscription?: { plan: string; status: SubscriptionStatus; interval: BillingInterval };
    /** Tickets by status: open ones and resolved ones. */
    tickets?: { open: number; resolved: number };
  },
) {
  const [row] = await t.db.insert(company).values({ name: spec.name }).returning({ id: company.id });
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
    // As a refresh would: its state row says when the figures were computed.
    const at = new Date();
    await t.db
      .insert(clientSummaryState)
      .values({ id: 1, fullAt: at, refreshedAt: at })
      .onConflictDoUpdate({ target: clientSummaryState.id, set: { refreshedAt: at } });
  }
  if (spec.subscription) await givenSubscription(t, id, spec.subscription);
  if (spec.automations?.length)
    await t.db.insert(automation).values(
      spec.automations.map((status, i) => ({
        companyId: id,
        name: `${spec.name} automation ${i + 1}`,
        purpose: "Test",
        platform: "n8n" as const,
        triggerDescription: "Test",
        minutesSavedPerRun: 5,
        status,
      })),
    );
  if (spec.overdueDays !== undefined) await givenOpenInvoice(t, id, { overdueDays: spec.overdueDays });
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
