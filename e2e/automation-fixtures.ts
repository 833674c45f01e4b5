import { request, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_PORT } from "../playwright.config";
import { expect, pathOf, readLink, signInPage, staffAccount } from "./fixtures";
import { signInStaffWith } from "./staff-second-factor";

export const baseURL = `http://localhost:${E2E_PORT}`;

let nextIp = Math.floor(Math.random() * 200);
/** Each caller looks like its own client address (the server trusts the local proxy). */
export const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${nextIp++ % 250}.${Math.floor(Math.random() * 250) + 1}`;

/**
 * A signed-out API client from its own address. Like the web app, it sends the CSRF token
 * on state-changing calls: `csrf()` fetches one for the context's current session.
 */
export async function apiContext(): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": freshIp() } });
}

export async function csrfHeaders(context: APIRequestContext): Promise<Record<string, string>> {
  const { token } = (await (await context.get("/api/csrf")).json()) as { token: string };
  return { "x-csrf-token": token };
}

export async function signInStaff(): Promise<APIRequestContext> {
  const staff = await apiContext();
  await signInStaffWith(staff, baseURL, staffAccount());
  return staff;
}

/** Signs the one staff account in, in the browser, from an address of its own (opening `next` if given, else landing on /admin). */
export async function signInStaffPage(page: Page, { next }: { next?: string } = {}) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  const { email, password } = staffAccount();
  await signInPage(page, email, password, { next, landing: "/admin" });
}

/** Signs a client up and confirms the address through the dev mailbox; returns a signed-in context. */
export async function signUpClient(email: string, password: string, company: string): Promise<APIRequestContext> {
  const client = await apiContext();
  const res = await client.post("/api/auth/sign-up/email", { data: { email, password, name: "Erin Client", company } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const link = await readLink(client, email, "confirm-email");
  await client.get(pathOf(link), { maxRedirects: 0 });
  return client;
}

/** A client company's id, found by its name in the staff clients table. */
export async function companyIdOf(name: string, staff?: APIRequestContext): Promise<string> {
  const context = staff ?? (await signInStaff());
  const found = (await (await context.get(`/api/staff/companies?q=${encodeURIComponent(name)}`)).json()) as {
    clients: { id: string; name: string }[];
  };
  if (!staff) await context.dispose();
  const company = found.clients.find((c) => c.name === name);
  if (!company) throw new Error(`no client company named ${name}`);
  return company.id;
}

/**
 * Registers an automation for a client company as staff do, issues its ingest key and sends
 * its runs through the ingest API. Returns the automation's id and name, and the key.
 */
export async function registerAutomationWithRuns(
  staff: APIRequestContext,
  companyId: string,
  automation: Record<string, unknown>,
  runs: Record<string, unknown>[],
): Promise<{ id: string; name: string; key: string }> {
  const created = await staff.post(`/api/staff/companies/${companyId}/automations`, {
    headers: await csrfHeaders(staff),
    data: automation,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, name } = (await created.json()) as { id: string; name: string };
  const issued = await staff.post(`/api/staff/companies/${companyId}/automations/${id}/keys`, {
    headers: await csrfHeaders(staff),
  });
  expect(issued.ok(), await issued.text()).toBe(true);
  const { key } = (await issued.json()) as { key: string };
  const ingest = await staff.post("/api/v1/runs/batch", {
    data: { runs },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(ingest.ok(), `ingest failed: ${ingest.status()} ${await ingest.text()}`).toBe(true);
  return { id, name, key };
}

export interface SeededCompany {
  email: string;
  password: string;
  companyName: string;
  automations: { id: string; name: string }[];
}

const iso = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/**
 * A client company with two automations and their runs, all made through the API. `names`
 * gives the automations names of their own, for tests that tell companies apart.
 */
export async function seedCompany(
  tag: string,
  names: [string, string] = ["Invoice sync", "Lead routing"],
): Promise<SeededCompany> {
  const email = `erin-${tag}-${Date.now()}@client.test`;
  const password = "client-password-1";
  const companyName = `Client ${tag} ${Date.now()}`;
  const client = await signUpClient(email, password, companyName);
  const staff = await signInStaff();
  const companyId = await companyIdOf(companyName, staff);
  const specs = [
    {
      name: names[0],
      purpose: "Copies paid invoices into the accounting system.",
      minutesSavedPerRun: 6,
      expectedEveryMinutes: 60,
    },
    {
      name: names[1],
      purpose: "Sends new web leads to the right salesperson.",
      minutesSavedPerRun: 4,
      expectedEveryMinutes: null,
    },
  ];
  const automations: { id: string; name: string }[] = [];
  for (const [index, spec] of specs.entries()) {
    const runs = Array.from({ length: 30 }, (_, i) => ({
      externalRunId: `${tag}-${index}-${i}`,
      status: i % 7 === 3 ? "failed" : i % 11 === 5 ? "skipped" : "success",
      startedAt: iso(i * 45 + 5),
      finishedAt: iso(i * 45 + 4),
      itemsProcessed: i % 5,
      errorMessage: i % 7 === 3 ? "The accounting system refused the login." : null,
    }));
    const { id } = await registerAutomationWithRuns(
      staff,
      companyId,
      { platform: index === 0 ? "n8n" : "make", triggerDescription: "Every hour", status: "live", ...spec },
      runs,
    );
    automations.push({ id, name: spec.name });
  }
  await client.dispose();
  await staff.dispose();
  return { email, password, companyName, automations };
}
