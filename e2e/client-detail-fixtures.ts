import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { csrfHeaders, freshIp, signInStaff, signUpClient } from "./automation-fixtures";
import { MAILBOX_HEADERS, staffAccount } from "./fixtures";

export const CLIENT_PASSWORD = "client-password-1";

export interface ClientCompany {
  id: string;
  name: string;
  ownerEmail: string;
  memberEmail: string;
}

/** The newest invitation link mailed to an address. */
export async function invitationToken(context: APIRequestContext, email: string): Promise<string> {
  let token = "";
  await expect
    .poll(async () => {
      const answer = await context.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`, {
        headers: MAILBOX_HEADERS,
      });
      const { messages } = (await answer.json()) as { messages: { kind: string; text: string }[] };
      token = messages.find((m) => m.kind === "company-invitation")?.text.match(/token=([\w-]+)/)?.[1] ?? "";
      return token;
    })
    .not.toBe("");
  return token;
}

/** Signs a person up and has them accept their invitation to the company. */
async function join(email: string): Promise<void> {
  const person = await signUpClient(email, CLIENT_PASSWORD, `Own ${email}`);
  const token = await invitationToken(person, email);
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
    data: { name, status: "trial", inviteEmail: ownerEmail },
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

  const automation = await staff.post(`/api/staff/companies/${company.id}/automations`, {
    headers: await csrfHeaders(staff),
    data: {
      name: "Invoice sync",
      purpose: "Copies paid invoices into the accounting system.",
      platform: "n8n",
      triggerDescription: "Every hour",
      expectedEveryMinutes: 60,
      minutesSavedPerRun: 6,
      status: "live",
    },
  });
  const { id } = (await automation.json()) as { id: string };
  const keyAnswer = await staff.post(`/api/staff/companies/${company.id}/automations/${id}/keys`, {
    headers: await csrfHeaders(staff),
  });
  const { key } = (await keyAnswer.json()) as { key: string };
  const runs = Array.from({ length: 24 }, (_, i) => ({
    externalRunId: `${stamp}-${i}`,
    status: i % 8 === 3 ? "failed" : "success",
    startedAt: new Date(Date.now() - (i * 50 + 5) * 60_000).toISOString(),
    finishedAt: new Date(Date.now() - (i * 50 + 4) * 60_000).toISOString(),
    errorMessage: i % 8 === 3 ? "The accounting system refused the login." : null,
  }));
  const ingest = await staff.post("/api/v1/runs/batch", {
    data: { runs },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(ingest.ok(), await ingest.text()).toBe(true);
  await staff.dispose();
  return { id: company.id, name, ownerEmail, memberEmail };
}

/** Signs the e2e staff account in, in the browser, from an address of its own. */
export async function signInStaffPage(page: Page) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await page.goto("/secure-login");
  await page.getByLabel("Email").fill(staffAccount().email);
  await page.getByLabel("Password", { exact: true }).fill(staffAccount().password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/secure-dashboard/);
}
