import { eq } from "drizzle-orm";
import { companyMember } from "../../db/schema/companies";
import { json, postRun, registerAutomation, signUpClient, signUpStaff, type SignedIn } from "../../test/fixtures";
import type { TListRunsResponse } from "../../../shared/automation-responses";
import type { TestRuntime } from "../../test/test-runtime";

export interface SupportWorld {
  staff: SignedIn;
  ann: SignedIn; // Acme's owner
  amy: SignedIn; // Acme's member, a watcher
  bob: SignedIn; // Beta's owner
  automationId: string;
  failedRunId: string;
}

/** Staff, Acme (owner and member) with an automation that failed once, and Beta. */
export async function seedSupport(t: TestRuntime, prefix: string): Promise<SupportWorld> {
  const staff = await signUpStaff(t, `${prefix}-ops@agency.test`);
  const ann = await signUpClient(t, `${prefix}-ann@acme.test`, "Acme");
  const amy = await signUpClient(t, `${prefix}-amy@acme.test`, "Amy's own");
  await t.db.delete(companyMember).where(eq(companyMember.userId, amy.userId));
  await t.db.insert(companyMember).values({ companyId: ann.companyId!, userId: amy.userId, role: "member" });
  const bob = await signUpClient(t, `${prefix}-bob@beta.test`, "Beta");
  const automation = await registerAutomation(t, staff, ann.companyId!, { name: "Acme invoices" });
  await postRun(t, automation.key, { externalRunId: "r1", status: "failed", errorMessage: "The shop did not answer." });
  const runs = await json<TListRunsResponse>(
    t.request(`/api/automations/${automation.id}/runs`, { headers: { cookie: ann.cookie } }),
  );
  return {
    staff,
    ann,
    amy: { ...amy, companyId: ann.companyId },
    bob,
    automationId: automation.id,
    failedRunId: runs.runs[0]!.id,
  };
}

export const as = (who: SignedIn) => ({ headers: { cookie: who.cookie } });
