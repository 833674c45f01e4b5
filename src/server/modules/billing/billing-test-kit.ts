import { eq } from "drizzle-orm";
import { companyMember } from "../../db/schema/companies";
import { signUpClient, signUpStaff, type SignedIn } from "../../test/fixtures";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

/** A runtime with a 21 % tax and bank details, a staff account, and a company with its owner and a plain member. */
export async function billingTestKit(name: string, env: Record<string, string> = {}) {
  const t = await createTestRuntime({
    BILLING_TAX_RATE_PERCENT: "21",
    BILLING_IBAN: "NL91ABNA0417164300",
    BILLING_PAYEE: "Cogwork B.V.",
    ...env,
  });
  const staff = await signUpStaff(t, `staff@${name}.test`);
  const owner = await signUpClient(t, `owner@acme-${name}.test`, "Acme Billing");
  const member = await signUpClient(t, `member@acme-${name}.test`, "Other");
  await t.db.delete(companyMember).where(eq(companyMember.userId, member.userId));
  await t.db.insert(companyMember).values({ companyId: owner.companyId!, userId: member.userId, role: "member" });
  const as = (who: SignedIn, path: string, init: Parameters<TestRuntime["request"]>[1] = {}) =>
    t.request(path, { ...init, headers: { cookie: who.cookie }, ip: t.newIp() });
  return { t, staff, owner, member, as };
}

export type BillingTestKit = Awaited<ReturnType<typeof billingTestKit>>;
