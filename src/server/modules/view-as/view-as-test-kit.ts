import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit";
import { session } from "../../db/schema/auth";
import { registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import type { TestRuntime } from "../../test/test-runtime";

/** Staff, and two client companies with an automation each. */
export async function viewAsWorld(t: TestRuntime) {
  const staff = await givenStaff(t, "sam@agency.test");
  const ann = await givenClient(t, "ann@acme.test", "Acme Ltd");
  const bob = await givenClient(t, "bob@beta.test", "Beta Ltd");
  const acme = await registerAutomation(t, staff, ann.companyId!, { name: "Acme invoices" });
  const beta = await registerAutomation(t, staff, bob.companyId!, { name: "Beta leads" });
  const startView = (caller: Caller, companyId: string) =>
    t.request(`/api/staff/companies/${companyId}/view-as`, { method: "POST", headers: { cookie: caller.cookie } });
  const endView = (caller: Caller) =>
    t.request("/api/staff/view-as", { method: "DELETE", headers: { cookie: caller.cookie } });
  /** The view columns of every session of an account. */
  const viewsOf = (userId: string) =>
    t.db
      .select({ companyId: session.viewingCompanyId, until: session.viewingUntil })
      .from(session)
      .where(eq(session.userId, userId));
  const auditOf = (companyId: string, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.createdAt));
  return { staff, ann, bob, acme, beta, startView, endView, viewsOf, auditOf };
}
