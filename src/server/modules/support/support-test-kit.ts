import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenCompany, givenStaff, type Caller } from "../../test/given";
import type { TListRunsResponse } from "../../../shared/automations";
import type { TestRuntime } from "../../test/test-runtime";

export interface SupportWorld {
  staff: Caller;
  ann: Caller; // Acme's owner
  amy: Caller; // Acme's member, a watcher
  bob: Caller; // Beta's owner
  automationId: string;
  failedRunId: string;
}

/** Staff, Acme (owner and member) with an automation that failed once, and Beta. */
export async function seedSupport(t: TestRuntime, prefix: string): Promise<SupportWorld> {
  const staff = await givenStaff(t, `${prefix}-ops@agency.test`);
  const acme = await givenCompany(t, {
    name: "Acme",
    owner: `${prefix}-ann@acme.test`,
    members: [{ email: `${prefix}-amy@acme.test`, ownCompany: "Amy's own" }],
  });
  const ann = acme.owner;
  const [amy] = acme.members;
  const bob = await givenClient(t, `${prefix}-bob@beta.test`, "Beta");
  const automation = await registerAutomation(t, staff, ann.companyId!, { name: "Acme invoices" });
  await postRun(t, automation.key, { externalRunId: "r1", status: "failed", errorMessage: "The shop did not answer." });
  const runs = await json<TListRunsResponse>(as(ann, `/api/automations/${automation.id}/runs`));
  return {
    staff,
    ann,
    amy: amy!,
    bob,
    automationId: automation.id,
    failedRunId: runs.runs[0]!.id,
  };
}
