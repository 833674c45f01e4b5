import { givenCompany, givenStaff } from "../../test/given";
import { createTestRuntime } from "../../test/test-runtime";

/** A runtime with a 21 % tax and bank details, a staff account, and a company with its owner and a plain member. */
export async function billingTestKit(name: string, env: Record<string, string> = {}) {
  const t = await createTestRuntime({
    BILLING_TAX_RATE_PERCENT: "21",
    BILLING_IBAN: "NL91ABNA0417164300",
    BILLING_PAYEE: "Cogwork B.V.",
    ...env,
  });
  const staff = await givenStaff(t, `staff@${name}.test`);
  const acme = await givenCompany(t, {
    name: "Acme Billing",
    owner: `owner@acme-${name}.test`,
    members: [{ email: `member@acme-${name}.test`, ownCompany: "Other" }],
  });
  const { owner } = acme;
  const member = acme.members[0]!;
  return { t, staff, owner, member };
}

export type BillingTestKit = Awaited<ReturnType<typeof billingTestKit>>;
