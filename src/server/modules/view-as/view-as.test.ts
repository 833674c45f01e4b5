import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetMeResponse } from "../../../shared/me";
import { ZEndViewAsResponse, ZStartViewAsResponse } from "../../../shared/view-as";
import { SESSION_CHANGE_POLL_MS } from "../../auth/session-cache";
import { session } from "../../db/schema/auth";
import { afterMs } from "../../test/clock";
import { json, signInAgain } from "../../test/fixtures";
import { as, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { viewAsWorld } from "./view-as-test-kit";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let w: Awaited<ReturnType<typeof viewAsWorld>>;

beforeAll(async () => {
  t = await createTestRuntime();
  w = await viewAsWorld(t);
}, 240_000);
afterAll(() => t.close());

const namesOf = async (caller: Caller) =>
  (await json<{ automations: { name: string }[] }>(as(caller, "/api/automations"))).automations.map((a) => a.name);

test("only staff start and end a view; clients cannot", async () => {
  await expectError(w.startView({ cookie: "" } as Caller, w.ann.companyId!), 401);
  await expectError(w.startView(w.ann, w.ann.companyId!), 403);
  await expectError(w.endView(w.ann), 403);
  await expectError(w.startView(w.staff, "00000000-0000-4000-8000-000000000000"), 404);
  expect(await w.viewsOf(w.ann.userId)).toEqual([{ companyId: null, until: null }]);
});

test("a client cannot give their session a view of their own", async () => {
  const answer = await as(w.ann, "/api/auth/update-session", {
    method: "POST",
    json: { viewingCompanyId: w.bob.companyId },
  });
  expect(answer.status).toBe(400);
  // Even written straight into the database, a client's session views nothing.
  await t.db
    .update(session)
    .set({ viewingCompanyId: w.bob.companyId, viewingUntil: new Date(Date.now() + 60_000) })
    .where(eq(session.userId, w.ann.userId));
  expect(await namesOf(w.ann)).toEqual(["Acme invoices"]);
  expect((await as(w.ann, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 6000 } })).status).toBe(200);
  await t.db
    .update(session)
    .set({ viewingCompanyId: null, viewingUntil: null })
    .where(eq(session.userId, w.ann.userId));
});

test("while viewing, the member endpoints and /api/me answer as for the viewed company", async () => {
  const started = await expectBody(w.startView(w.staff, w.ann.companyId!), 200, ZStartViewAsResponse);
  expect(started.viewingAs).toMatchObject({ companyId: w.ann.companyId, companyName: "Acme Ltd" });
  const minutesLeft = (Date.parse(started.viewingAs.until) - Date.now()) / 60_000;
  expect(minutesLeft).toBeGreaterThan(59);
  expect(minutesLeft).toBeLessThanOrEqual(60);
  expect((await w.auditOf(w.ann.companyId!, "company.viewed_as_client"))[0]).toMatchObject({
    actorEmail: "sam@agency.test",
    summary: expect.stringMatching(/^Started viewing Acme Ltd as its client, read only, until \d\d:\d\d UTC$/),
  });

  const me = await expectBody(as(w.staff, "/api/me"), 200, ZGetMeResponse);
  expect(me).toMatchObject({
    user: { email: "sam@agency.test", role: "client" },
    company: { id: w.ann.companyId, name: "Acme Ltd", role: "owner" },
    viewingAs: started.viewingAs,
  });
  expect(await namesOf(w.staff)).toEqual(["Acme invoices"]);
  expect((await as(w.staff, `/api/automations/${w.acme.id}`)).status).toBe(200);
  expect((await as(w.staff, `/api/automations/${w.beta.id}`)).status).toBe(404);
  expect((await as(w.staff, `/api/automations/${w.beta.id}/runs`)).status).toBe(404);
  const dashboard = await json<{ company: { name: string; role: string } }>(as(w.staff, "/api/dashboard"));
  expect(dashboard.company).toMatchObject({ name: "Acme Ltd", role: "owner" });
  const company = await json<{ company: { name: string }; members: { email: string }[] }>(as(w.staff, "/api/company"));
  expect(company.company.name).toBe("Acme Ltd");
  expect(company.members.map((m) => m.email)).toEqual(["ann@acme.test"]);

  // The view belongs to that one session: the same person signed in elsewhere sees every company.
  const elsewhere = { ...w.staff, cookie: await signInAgain(t, w.staff) };
  expect((await json<{ viewingAs: unknown }>(as(elsewhere, "/api/me"))).viewingAs).toBeNull();
  expect(await namesOf(elsewhere)).toEqual(["Acme invoices", "Beta leads"]);

  const ended = await expectBody(w.endView(w.staff), 200, ZEndViewAsResponse);
  expect(ended.ended).toEqual({ companyId: w.ann.companyId, companyName: "Acme Ltd" });
  expect((await w.auditOf(w.ann.companyId!, "company.view_as_ended"))[0]?.summary).toBe(
    "Stopped viewing Acme Ltd as its client",
  );
  const after = await expectBody(as(w.staff, "/api/me"), 200, ZGetMeResponse);
  expect(after).toMatchObject({ user: { role: "admin" }, company: null, viewingAs: null });
  expect(await namesOf(w.staff)).toEqual(["Acme invoices", "Beta leads"]);
  expect((await expectBody(w.endView(w.staff), 200, ZEndViewAsResponse)).ended).toBeNull();
  expect(await w.auditOf(w.ann.companyId!, "company.view_as_ended")).toHaveLength(1);
});

test("a view is ignored once its hour is over, and can still be ended", async () => {
  await expectBody(w.startView(w.staff, w.bob.companyId!), 200, ZStartViewAsResponse);
  expect(await namesOf(w.staff)).toEqual(["Beta leads"]);
  await t.db
    .update(session)
    .set({ viewingUntil: new Date(Date.now() - 1000) })
    .where(eq(session.userId, w.staff.userId));
  // The view's end, written outside this instance, reaches it within its polling interval.
  const me = await afterMs(SESSION_CHANGE_POLL_MS, () => expectBody(as(w.staff, "/api/me"), 200, ZGetMeResponse));
  expect(me.viewingAs).toBeNull();
  expect(await namesOf(w.staff)).toEqual(["Acme invoices", "Beta leads"]);
  const write = await as(w.staff, `/api/staff/companies/${w.bob.companyId}/automations/${w.beta.id}`, {
    method: "PATCH",
    json: {
      name: "Beta leads",
    },
  });
  expect(write.status).toBe(200);
  await expectBody(w.endView(w.staff), 200, ZEndViewAsResponse);
  expect((await w.auditOf(w.bob.companyId!, "company.view_as_ended"))[0]?.summary).toBe(
    "Stopped viewing Beta Ltd as its client (its hour had already run out)",
  );
});
