// @vitest-environment jsdom
import { afterEach, expect, test, vi } from "vitest";
import { FIRST_SCREEN_BLOCK_ID } from "../../shared/constants";
import { meOps } from "../../shared/operations/me";
import { fakeApi } from "../test/fake-api";
import { apiFetchWithHeaders, call } from "./api";
import { storedCsrfToken } from "./csrf";
import { resetFirstScreenAnswers } from "./first-screen-answers";

const me = (email: string) => ({
  user: { id: "u1", email, name: "Ann Client", role: "client", emailVerified: true },
  company: null,
  secondFactorRequired: false,
  viewingAs: null,
});

/** A page whose HTML the server answered with these reads. */
function pageWith(answers: Record<string, unknown>) {
  resetFirstScreenAnswers();
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = FIRST_SCREEN_BLOCK_ID;
  block.textContent = JSON.stringify(answers);
  document.body.replaceChildren(block);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

test("the first read of a URL the HTML answered takes that answer; the next one asks the server", async () => {
  pageWith({ "/api/me": { body: me("from-html@client.test") } });
  const calls = fakeApi({ getMe: { body: me("from-server@client.test") } });
  expect((await call(meOps.getMe)).user.email).toBe("from-html@client.test");
  expect(calls).toHaveLength(0);
  expect(document.getElementById(FIRST_SCREEN_BLOCK_ID)).toBeNull();
  expect((await call(meOps.getMe)).user.email).toBe("from-server@client.test");
  expect(calls.map((c) => c.path)).toEqual(["/api/me"]);
});

test("an answered session read stores the CSRF token it came with, as the server's header would", async () => {
  pageWith({ "/api/auth/get-session": { body: null, csrfToken: "token-from-html" } });
  fakeApi({});
  const answer = await apiFetchWithHeaders("/api/auth/get-session");
  expect(answer.body).toBeNull();
  expect(answer.headers.get("x-csrf-token")).toBe("token-from-html");
  expect(storedCsrfToken()).toBe("token-from-html");
});

test("a page loaded a while ago, or without answers, asks the server", async () => {
  pageWith({ "/api/me": { body: me("from-html@client.test") } });
  vi.spyOn(performance, "now").mockReturnValue(60_000);
  const calls = fakeApi({ getMe: { body: me("from-server@client.test") } });
  expect((await call(meOps.getMe)).user.email).toBe("from-server@client.test");
  vi.restoreAllMocks();
  pageWith({});
  expect((await call(meOps.getMe)).user.email).toBe("from-server@client.test");
  expect(calls).toHaveLength(2);
});
