import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit";
import { session } from "../../db/schema/auth";
import { registerAutomation, signUpClient, signUpStaff, type SignedIn } from "../../test/fixtures";
import type { TestRuntime } from "../../test/test-runtime";

/** Staff, two client companies with an automation each, and calls as a signed-in caller. */
export async function viewAsWorld(t: TestRuntime) {
  const staff = await signUpStaff(t, "sam@agency.test");
  const ann = await signUpClient(t, "ann@acme.test", "Acme Ltd");
  const bob = await signUpClient(t, "bob@beta.test", "Beta Ltd");
  const acme = await registerAutomation(t, staff, ann.companyId!, { name: "Acme invoices" });
  const beta = await registerAutomation(t, staff, bob.companyId!, { name: "Beta leads" });
  const as = (caller: SignedIn) => ({
    get: (path: string) => t.request(path, { headers: { cookie: caller.cookie } }),
    send: (method: string, path: string, body?: unknown) =>
      t.request(path, { method, headers: { cookie: caller.cookie }, ...(body === undefined ? {} : { json: body }) }),
  });
  const startView = (caller: SignedIn, companyId: string) =>
    t.request(`/api/staff/companies/${companyId}/view-as`, { method: "POST", headers: { cookie: caller.cookie } });
  const endView = (caller: SignedIn) =>
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
  return { staff, ann, bob, acme, beta, as, startView, endView, viewsOf, auditOf };
}
