import { and, eq, isNull, or } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { automation, automationIncident } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { enqueueMail } from "../../mail/outbox";
import { automationFailingMail, automationRecoveredMail } from "../../mail/templates";
import { healthTransitions, mayTouchIncident, type InsertedRun } from "./health-transitions";
import type { Database } from "../../db/client";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type AutomationRow = typeof automation.$inferSelect;

/**
 * Writes what the new runs do to the automation's health, in the ingest transaction: the
 * incidents they open or close (each change with its one email) and the health columns.
 * Returns true when mail was written.
 */
export async function applyHealth(
  tx: Tx,
  auto: AutomationRow,
  runs: InsertedRun[],
  now: Date,
  appUrl: string,
): Promise<boolean> {
  const [open] = !mayTouchIncident(auto, runs)
    ? []
    : await tx
        .select({ id: automationIncident.id })
        .from(automationIncident)
        .where(
          and(
            eq(automationIncident.automationId, auto.id),
            eq(automationIncident.kind, "failing"),
            isNull(automationIncident.resolvedAt),
          ),
        );
  const { transitions, update } = healthTransitions(auto, Boolean(open), runs, now);

  let mailQueued = false;
  let recipients: string[] | undefined;
  const url = `${appUrl}/my-automations/${auto.id}`;
  const companyName = async () =>
    (await tx.select({ name: company.name }).from(company).where(eq(company.id, auto.companyId)))[0]?.name ??
    "your company";
  for (const transition of transitions) {
    // The partial unique index lets one transaction open the incident; any other finds it open.
    const changed =
      transition.kind === "open"
        ? await tx
            .insert(automationIncident)
            .values({ automationId: auto.id, kind: "failing", openedAt: now })
            .onConflictDoNothing()
            .returning({ id: automationIncident.id })
        : await tx
            .update(automationIncident)
            .set({ resolvedAt: now })
            .where(
              and(
                eq(automationIncident.automationId, auto.id),
                eq(automationIncident.kind, "failing"),
                isNull(automationIncident.resolvedAt),
              ),
            )
            .returning({ id: automationIncident.id });
    if (changed.length === 0) continue;
    recipients ??= await alertRecipients(tx, auto.companyId);
    const names = { automationName: auto.name, companyName: await companyName(), url };
    const mail =
      transition.kind === "open"
        ? automationFailingMail({ ...names, failures: transition.failures, lastError: transition.lastError })
        : automationRecoveredMail(names);
    for (const to of recipients) await enqueueMail(tx, to, mail);
    mailQueued ||= recipients.length > 0;
  }
  await tx.update(automation).set(update).where(eq(automation.id, auto.id));
  return mailQueued;
}

/** The company's members and every staff account. */
export async function alertRecipients(tx: Pick<Database, "selectDistinct">, companyId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ email: user.email })
    .from(user)
    .leftJoin(companyMember, and(eq(companyMember.userId, user.id), eq(companyMember.companyId, companyId)))
    .where(or(eq(user.role, "admin"), eq(companyMember.companyId, companyId)));
  return rows.map((row) => row.email).sort();
}
