import { csrfHeaders, registerAutomationWithRuns, signInStaff, signUpClient } from "./automation-fixtures";
import { expect, readLink } from "./fixtures";

export const CLIENT_PASSWORD = "client-password-1";

export interface ClientCompany {
  id: string;
  name: string;
  ownerEmail: string;
  memberEmail: string;
}

/** Signs a person up and has them accept their invitation to the company. */
async function join(email: string): Promise<void> {
  const person = await signUpClient(email, CLIENT_PASSWORD, `Own ${email}`);
  const token = new URL(await readLink(person, email, "company-invitation")).searchParams.get("token");
  const accepted = await person.post("/api/company/invitations/accept", {
    headers: await csrfHeaders(person),
    data: { token },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await person.dispose();
}

/**
 * A client company made by staff through the API, with runs to show: its first invitee became
 * its owner; a second person joined as a member.
 */
export async function createClientCompany(tag: string): Promise<ClientCompany> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const name = `Detail ${tag} ${stamp} Ltd`;
  const ownerEmail = `owner-${tag}-${stamp}@detail.test`;
  const memberEmail = `member-${tag}-${stamp}@detail.test`;
  const staff = await signInStaff();
  const created = await staff.post("/api/staff/companies", {
    headers: await csrfHeaders(staff),
    data: { name, inviteEmail: ownerEmail },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { company } = (await created.json()) as { company: { id: string } };
  await join(ownerEmail);
  const invited = await staff.post(`/api/staff/companies/${company.id}/invitations`, {
    headers: await csrfHeaders(staff),
    data: { email: memberEmail },
  });
  expect(invited.status()).toBe(201);
  await join(memberEmail);

  const runs = Array.from({ length: 24 }, (_, i) => ({
    externalRunId: `${stamp}-${i}`,
    status: i % 8 === 3 ? "failed" : "success",
    startedAt: new Date(Date.now() - (i * 50 + 5) * 60_000).toISOString(),
    finishedAt: new Date(Date.now() - (i * 50 + 4) * 60_000).toISOString(),
    errorMessage: i % 8 === 3 ? "The accounting system refused the login." : null,
  }));
  await registerAutomationWithRuns(
    staff,
    company.id,
    {
      name: "Invoice sync",
      purpose: "Copies paid invoices into the accounting system.",
      platform: "n8n",
      triggerDescription: "Every hour",
      expectedEveryMinutes: 60,
      minutesSavedPerRun: 6,
      status: "live",
    },
    runs,
  );
  await staff.dispose();
  return { id: company.id, name, ownerEmail, memberEmail };
}
