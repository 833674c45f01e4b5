import { eq } from "drizzle-orm";
import { verification } from "../db/schema/auth";
import { automationRun } from "../db/schema/automations";
import { invoice } from "../db/schema/billing";
import { company, companyInvitation } from "../db/schema/companies";
import { platformConnection, workflowLink } from "../db/schema/connections";
import { contactLead } from "../db/schema/leads";
import { mailOutbox } from "../db/schema/mail";
import { sealSecret } from "../lib/secret-box";
import { requestExample as planRequestExample } from "../modules/plan";
import { postRun, registerAutomation } from "./fixtures";
import { as, givenClient, givenCompany, givenStaff } from "./given";
import type { TestRuntime } from "./test-runtime";

/**
 * Two client companies with their objects, a plain member of A and a staff account: the
 * callers of the tenant matrix. Every id a path can carry is B's, so that a refusal of A's
 * callers proves isolation; B's owner reaching the same objects proves the path is real.
 */
export async function tenantFixtures(t: TestRuntime) {
  const staff = await givenStaff(t, "staff@agency.test");
  const companyA = await givenCompany(t, {
    name: "Company A",
    owner: "owner@a.test",
    members: [{ email: "member@a.test", ownCompany: "Member's own" }],
  });
  const ownerA = companyA.owner;
  const memberA = companyA.members[0]!;
  const ownerB = await givenClient(t, "owner@b.test", "Company B");
  const automationB = await registerAutomation(t, staff, ownerB.companyId!, { name: "B-only automation" });
  await postRun(t, automationB.key, { externalRunId: "b-run-1", status: "failed", errorMessage: "B's secret error" });
  await as(ownerB, "/api/company/invitations", { json: { email: "guest@b.test" } });
  const [invitationB] = await t.db
    .select({ id: companyInvitation.id })
    .from(companyInvitation)
    .where(eq(companyInvitation.companyId, ownerB.companyId!));

  const planItemB = await proposedPlanItem(t, staff, ownerB);
  const invoiceB = await subscribedInvoice(t, staff, ownerB.companyId!);
  const { lead, email } = await agencyObjects(t);
  const { ticketB, threadB, cannedReply } = await ticketWithFile(t, staff, ownerB);
  const reportMonthB = await monthOnlyBHasAReportFor(t, ownerB.companyId!);
  const { channelB, deliveryB } = await channelWithDelivery(ownerB);
  const timeEntryB = await timeEntryOf(staff, ownerB.companyId!);
  const { connectionB, linkB, runB } = await connectionWithLink(t, ownerB.companyId!, automationB.id);
  const trustedBrowserB = await trustedBrowserOf(t, ownerB.userId);

  /** B's id for each path parameter, by the collection it follows. */
  const idsOfB: Record<string, string> = {
    "automations/{id}": automationB.id,
    "automations/{automationId}": automationB.id,
    "companies/{id}": ownerB.companyId!,
    "keys/{keyId}": automationB.keyId,
    "invitations/{invitationId}": invitationB!.id,
    "members/{userId}": ownerB.userId,
    "users/{id}": ownerB.userId,
    "leads/{id}": lead!.id,
    "emails/{id}": email!.id,
    "items/{id}": planItemB.id,
    "tickets/{id}": ticketB.id,
    "attachments/{attachmentId}": threadB.messages[0]!.attachments[0]!.id,
    "canned-replies/{id}": cannedReply.id,
    "invoices/{id}": invoiceB!.id,
    "reports/{month}": reportMonthB,
    "channels/{id}": channelB.id,
    "deliveries/{deliveryId}": deliveryB.id,
    "time-entries/{id}": timeEntryB.id,
    "connections/{connectionId}": connectionB.id,
    "links/{linkId}": linkB.id,
    "runs/{runId}": runB.id,
    "trusted-browsers/{id}": trustedBrowserB.id,
  };
  const pathFor = (path: string) =>
    path.replace(/([a-z-]+)\/\{(\w+)\}/g, (whole: string, collection: string) => {
      const id = idsOfB[whole];
      if (!id)
        throw new Error(
          `The tenant matrix has no object of company B for ${whole} in ${path}: add one to tenant-fixtures.ts`,
        );
      return `${collection}/${id}`;
    });

  return { staff, ownerA, memberA, ownerB, automationB, pathFor };
}

type Caller = Awaited<ReturnType<typeof givenClient>>;

/**
 * A month of B's reports is B's object: B became a client a year ago and A this month, so the
 * month a year ago has a report for B only (A's people get the 404 of a month with none).
 */
async function monthOnlyBHasAReportFor(t: TestRuntime, companyIdB: string) {
  const yearAgo = new Date(Date.now() - 365 * 86_400_000);
  await t.db.update(company).set({ createdAt: yearAgo }).where(eq(company.id, companyIdB));
  return yearAgo.toISOString().slice(0, 7);
}

/** An alert channel of B, with the delivery of a test. */
async function channelWithDelivery(ownerB: Caller) {
  const created = await as(ownerB, "/api/company/channels", {
    json: { kind: "slack", name: "B's Slack", url: "https://hooks.slack.test/services/B", events: ["ticket.created"] },
  });
  const { channel: channelB } = (await created.json()) as { channel: { id: string } };
  const tested = await as(ownerB, `/api/company/channels/${channelB.id}/test`, { method: "POST" });
  const { delivery: deliveryB } = (await tested.json()) as { delivery: { id: string } };
  return { channelB, deliveryB };
}

/** A browser B's owner trusted to skip the second factor, stored as Better Auth's twoFactor plugin stores it. */
async function trustedBrowserOf(t: TestRuntime, userId: string) {
  const [row] = await t.db
    .insert(verification)
    .values({
      id: "tenant-b-trusted-browser",
      identifier: "trust-device-tenantb0000000000000000000000000",
      value: userId,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  return row!;
}

/** An n8n connection of B (stored as it would be; nothing listens at its address), its workflow linked to B's automation, and B's failed run. */
async function connectionWithLink(t: TestRuntime, companyId: string, automationId: string) {
  const [connectionB] = await t.db
    .insert(platformConnection)
    .values({
      companyId,
      platform: "n8n",
      name: "B's n8n",
      baseUrl: "http://127.0.0.1:9",
      apiKeySealed: sealSecret(t.config, "b-secret-api-key"),
      apiKeyLast4: "-key",
    })
    .returning();
  const [linkB] = await t.db
    .insert(workflowLink)
    .values({ connectionId: connectionB!.id, automationId, workflowId: "7", workflowName: "B's workflow" })
    .returning();
  const [runB] = await t.db.select().from(automationRun).where(eq(automationRun.automationId, automationId));
  return { connectionB: connectionB!, linkB: linkB!, runB: runB! };
}

/** A plan item of B with a first proposal, so that B's owner can approve it (version 1). */
async function proposedPlanItem(t: TestRuntime, staff: Caller, ownerB: Caller) {
  const planItemB = (await (
    await t.request("/api/plan/items", { headers: { cookie: ownerB.cookie }, json: planRequestExample })
  ).json()) as { id: string };
  await t.request(`/api/staff/plan/items/${planItemB.id}/transitions`, {
    headers: { cookie: staff.cookie },
    json: {
      to: "proposed",
      proposal: {
        scope: "B's secret scope",
        platform: "n8n",
        hoursPerMonth: 5,
        setupFeeMinor: 0,
        monthlyFeeChangeMinor: 0,
      },
    },
  });
  return planItemB;
}

/** B on a plan, and the invoice that makes. */
async function subscribedInvoice(t: TestRuntime, staff: Caller, companyId: string) {
  await t.request(`/api/staff/companies/${companyId}/subscription`, {
    headers: { cookie: staff.cookie },
    json: { planSlug: "starter", interval: "monthly" },
  });
  const [invoiceB] = await t.db.select({ id: invoice.id }).from(invoice).where(eq(invoice.companyId, companyId));
  return invoiceB;
}

/** Time staff logged for B, with a note for staff only. */
async function timeEntryOf(staff: Caller, companyId: string) {
  const logged = await as(staff, `/api/staff/companies/${companyId}/time-entries`, {
    json: {
      day: new Date().toISOString().slice(0, 10),
      duration: "1h 30m",
      description: "B's work",
      internalNote: "B's secret note",
    },
  });
  if (logged.status !== 201) throw new Error(`B's time entry was not logged: ${await logged.text()}`);
  return ((await logged.json()) as { entry: { id: string } }).entry;
}

/** Agency objects (no company's): a contact lead and an email the outbox gave up on. */
async function agencyObjects(t: TestRuntime) {
  const [lead] = await t.db
    .insert(contactLead)
    .values({ name: "Lead B", email: "lead@b.test", message: "Automate our invoices." })
    .returning({ id: contactLead.id });
  const [email] = await t.db
    .insert(mailOutbox)
    .values({ to: "owner@b.test", subject: "Undelivered", text: "-", html: "-", kind: "test", status: "failed" })
    .returning({ id: mailOutbox.id });
  return { lead, email };
}

/** A ticket of B with a file, and a canned reply of the agency. */
async function ticketWithFile(t: TestRuntime, staff: Caller, ownerB: Caller) {
  const openedB = await t.request("/api/tickets", {
    headers: { cookie: ownerB.cookie },
    json: {
      subject: "B's ticket",
      category: "other",
      message: "B's secret question",
      attachments: [{ fileName: "b.txt", contentBase64: Buffer.from("B's file").toString("base64") }],
    },
  });
  const ticketB = (await openedB.json()) as { id: string };
  const threadB = (await (
    await t.request(`/api/tickets/${ticketB.id}`, { headers: { cookie: ownerB.cookie } })
  ).json()) as { messages: { attachments: { id: string }[] }[] };
  const canned = await t.request("/api/staff/canned-replies", {
    headers: { cookie: staff.cookie },
    json: { title: "Hello", body: "Hello" },
  });
  const cannedReply = (await canned.json()) as { id: string };
  return { ticketB, threadB, cannedReply };
}
