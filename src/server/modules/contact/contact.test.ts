import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CONTACT_RATE_LIMIT } from "../../../shared/contact";
import { user } from "../../db/schema/auth";
import { contactLead } from "../../db/schema/leads";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

let t: TestRuntime;
const STAFF = "ops@cogwork.test";
beforeAll(async () => {
  t = await createTestRuntime();
  await t.db.insert(user).values({ id: "staff-1", name: "Ops", email: STAFF, emailVerified: true, role: "admin" });
}, 180_000);
afterAll(() => t.close());

const valid = {
  name: "Dana",
  email: "dana@example.com",
  message: "Our invoices are typed by hand from the CRM every Friday.",
};

async function post(json: unknown, ip = t.newIp()) {
  const res = await t.request("/api/contact", { json, ip });
  return { res, body: (await res.json()) as { message?: string; fields?: Record<string, string>; code?: string } };
}

test("a valid message stores a lead and writes the acknowledgement and the staff notice together", async () => {
  const { res } = await post({
    ...valid,
    email: "Lead@Example.com",
    company: "Acme <b>GmbH</b>",
    phone: "+49 30 1234567",
    website: "https://acme.example",
    fax: "",
  });
  expect(res.status).toBe(201);
  const [lead] = await t.db.select().from(contactLead).where(eq(contactLead.email, "lead@example.com"));
  expect(lead).toMatchObject({
    name: "Dana",
    company: "Acme GmbH",
    phone: "+49 30 1234567",
    website: "https://acme.example",
    status: "new",
  });
  const ack = await t.outbox("lead@example.com");
  expect(ack.map((m) => m.kind)).toEqual(["contact-ack"]);
  expect(ack[0]!.text).toContain(valid.message);
  const notice = (await t.outbox(STAFF)).filter((m) => m.kind === "contact-lead");
  expect(notice).toHaveLength(1);
  expect(notice[0]!.text).toContain("lead@example.com");
  expect(notice[0]!.html).toContain("Acme GmbH");
});

test.each([
  [{ ...valid, name: "" }, "name", "Required"],
  [{ ...valid, name: "<b></b>" }, "name", "Required"],
  [{ ...valid, name: "x".repeat(256) }, "name", "String must contain at most 255 character(s)"],
  [{ ...valid, email: "not-an-email" }, "email", "Invalid email"],
  [{ ...valid, email: undefined }, "email", "Required"],
  [{ ...valid, phone: "0".repeat(21) }, "phone", "String must contain at most 20 character(s)"],
  [{ ...valid, website: "acme dot com" }, "website", "Invalid url"],
  [{ ...valid, message: "" }, "message", "Required"],
  [{ ...valid, message: "x".repeat(2001) }, "message", "String must contain at most 2000 character(s)"],
  [{ ...valid, company: "c".repeat(256) }, "company", "String must contain at most 255 character(s)"],
])("rejects %j with the seed's message", async (json, field, message) => {
  const { res, body } = await post(json);
  expect(res.status).toBe(400);
  expect(body.fields?.[field]).toBe(message);
});

test("HTML is stripped before storing", async () => {
  const { res } = await post({
    ...valid,
    email: "strip@example.com",
    message: "<script>alert(1)</script>Please call <i>me</i>",
  });
  expect(res.status).toBe(201);
  const [lead] = await t.db.select().from(contactLead).where(eq(contactLead.email, "strip@example.com"));
  expect(lead?.message).toBe("alert(1)Please call me");
});

test("a filled honeypot is answered like success and stores nothing", async () => {
  const { res } = await post({ ...valid, email: "bot@example.com", fax: "555-0100" });
  expect(res.status).toBe(201);
  expect(await t.db.select().from(contactLead).where(eq(contactLead.email, "bot@example.com"))).toHaveLength(0);
  expect(await t.outbox("bot@example.com")).toHaveLength(0);
});

test("one address may send a few messages an hour, then gets 429 with Retry-After", async () => {
  const ip = t.newIp();
  for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
    const { res } = await post({ ...valid, email: `burst${i}@example.com` }, ip);
    expect(res.status).toBe(201);
  }
  const { res, body } = await post({ ...valid, email: "burst-over@example.com" }, ip);
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3500);
  expect(body.code).toBe("RATE_LIMITED");
  expect(await t.db.select().from(contactLead).where(eq(contactLead.email, "burst-over@example.com"))).toHaveLength(0);
  // Another address is unaffected, and a forged X-Forwarded-For from an untrusted socket changes nothing.
  expect((await post({ ...valid, email: "other@example.com" })).res.status).toBe(201);
  const forged = await t.request("/api/contact", {
    json: { ...valid, email: "forged@example.com" },
    ip,
    headers: { "x-forwarded-for": "203.0.113.9" },
  });
  expect(forged.status).toBe(429);
});

test("NUL and other control characters are dropped from the text, never a 500", async () => {
  const { res } = await post({
    ...valid,
    name: "Da\u0000na",
    email: "nul@example.com",
    company: "\u0000Acme\u001b",
    message: "Line one\u0000\nline two",
  });
  expect(res.status).toBe(201);
  const [lead] = await t.db.select().from(contactLead).where(eq(contactLead.email, "nul@example.com"));
  expect(lead).toMatchObject({ name: "Dana", company: "Acme", message: "Line one\nline two" });
});

test("a body over 64 KB is refused with 413 before it is read, with or without a Content-Length", async () => {
  const big = JSON.stringify({ ...valid, email: "big@example.com", message: "x".repeat(100_000) });
  const declared = await t.request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: big,
  });
  expect(declared.status).toBe(413);
  expect(await declared.json()).toEqual({ message: "The request is too large.", code: "PAYLOAD_TOO_LARGE" });
  const chunks = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode(big.slice(i * 2600, (i + 1) * 2600)));
      controller.close();
    },
  });
  const streamed = await t.request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: chunks,
    duplex: "half",
  } as RequestInit);
  expect(streamed.status).toBe(413);
  expect(await t.db.select().from(contactLead).where(eq(contactLead.email, "big@example.com"))).toHaveLength(0);
});

test("a message of 60 KB of unclosed tags is refused at once, not stripped at length", async () => {
  const started = performance.now();
  const { res, body } = await post({ ...valid, email: "tags@example.com", message: "<a".repeat(30_000) });
  expect(res.status).toBe(400);
  expect(body.fields?.message).toBe("String must contain at most 2000 character(s)");
  // A guard against a blocked event loop (stripping at length took minutes), not a speed goal.
  expect(performance.now() - started).toBeLessThan(5_000);
});

test("JSON nested thousands deep is a readable 400", async () => {
  const deep = "[".repeat(5000) + "]".repeat(5000);
  const res = await t.request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: `{"name":${deep}}`,
  });
  expect(res.status).toBe(400);
  expect((await res.json()).message).toBe("The request body nests deeper than 8 levels.");
});
