import { and, eq } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { user } from "../../db/schema/auth";
import { automation, automationRun, runProblemReport } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { notFound } from "../../lib/app-error";
import { enqueueMail } from "../../mail/outbox";
import { runProblemReportedMail } from "../../mail/templates";
import { inScope, type CompanyScope } from "../companies/companies.service";
import type { Database } from "../../db/client";

/** "Report a problem": stored as a support request linked to the run; staff hear of it by email. */
export async function reportProblem(
  db: Database,
  scope: CompanyScope,
  reporter: { id: string; email: string; name: string },
  input: { automationId: string; runId: string | null; message: string; appUrl: string },
) {
  const missing = () => notFound("There is no such automation or run in your company.");
  if (!isUuid(input.automationId)) throw notFound("There is no such automation in your company.");
  const [target] = await db
    .select({ id: automation.id, name: automation.name, companyId: automation.companyId, companyName: company.name })
    .from(automation)
    .innerJoin(company, eq(company.id, automation.companyId))
    .where(and(eq(automation.id, input.automationId), inScope(automation.companyId, scope)));
  if (!target) throw missing();
  if (input.runId) {
    const [run] = await db
      .select({ id: automationRun.id })
      .from(automationRun)
      .where(and(eq(automationRun.id, input.runId), eq(automationRun.automationId, target.id)));
    if (!run) throw missing();
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(runProblemReport)
      .values({
        companyId: target.companyId,
        automationId: target.id,
        runId: input.runId,
        userId: reporter.id,
        message: input.message,
      })
      .returning({ id: runProblemReport.id, createdAt: runProblemReport.createdAt });
    const staff = await tx.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    const mail = runProblemReportedMail({
      automationName: target.name,
      companyName: target.companyName,
      reporter: reporter.name || reporter.email,
      message: input.message,
      url: `${input.appUrl}/my-automations/${target.id}`,
    });
    for (const { email } of staff) await enqueueMail(tx, email, mail);
    return {
      id: created!.id,
      createdAt: created!.createdAt.toISOString(),
      message: "Thank you. We received your report and the agency will look into it.",
      notified: staff.length > 0,
    };
  });
}
