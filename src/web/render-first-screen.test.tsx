import { hashKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_READS } from "../server/first-screen";
import { FIRST_SCREEN_QUERIES, SESSION_READ, type FirstScreenAnswers } from "./app/first-screen";
import { dashboard } from "./app/routes/client-detail.test-data";
import { getMeQueryOptions } from "./features/account/api/get-me";
import { listAutomationsQueryOptions } from "./features/automations/api/list-automations";
import { getDashboardQueryOptions } from "./features/dashboard/api/get-dashboard";
import { formatDateRange } from "./lib/format";
import { firstLanguage, renderFirstScreen } from "./render-first-screen";
import { SIGNED_IN_CLIENT } from "./test/session-fixtures";

const { user, session } = SIGNED_IN_CLIENT;
const me = {
  user,
  company: { id: dashboard.company!.id, name: "Acme Ltd", role: "owner", requireSecondFactor: false },
  secondFactorRequired: false,
  viewingAs: null,
};
const answers: FirstScreenAnswers = {
  [SESSION_READ]: { body: { user, session } },
  "/api/me": { body: me },
  "/api/dashboard": { body: dashboard },
};
/** The text a page's HTML shows, entities and React's text separators aside. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("a signed-in first screen rendered on the server", () => {
  it("shows the client's dashboard, with their figures, in their frame", async () => {
    const text = textOf(
      (await renderFirstScreen("http://portal.test/secure-dashboard", answers, {
        acceptLanguage: "en-US",
        now: Date.now(),
      }))!,
    );
    expect(text).toContain("Welcome, Ann.");
    expect(text).toContain("Hours saved this month");
    expect(text).toContain("10 h"); // 600 minutes
    expect(text).toContain("My automations"); // the portal's navigation
    expect(text).not.toContain("Checking Authentication");
  });

  it("writes dates in the request's first language, as the browser will", async () => {
    const { from, to } = dashboard.comparedWith!;
    const british = textOf(
      (await renderFirstScreen("http://portal.test/secure-dashboard", answers, {
        acceptLanguage: "en-GB,en;q=0.8",
        now: Date.now(),
      }))!,
    );
    const american = textOf(
      (await renderFirstScreen("http://portal.test/secure-dashboard", answers, {
        acceptLanguage: "en-US",
        now: Date.now(),
      }))!,
    );
    expect(british).toContain(formatDateRange(from, to, "en-GB"));
    expect(american).toContain(formatDateRange(from, to, "en-US"));
    expect(formatDateRange(from, to, "en-GB")).not.toBe(formatDateRange(from, to, "en-US"));
  });

  it("renders nothing when the answers name no one signed in, or for a page it does not render", async () => {
    const signedOut = { ...answers, [SESSION_READ]: { body: null } };
    expect(
      await renderFirstScreen("http://portal.test/secure-dashboard", signedOut, { now: Date.now() }),
    ).toBeUndefined();
    expect(await renderFirstScreen("http://portal.test/billing", answers, { now: Date.now() })).toBeUndefined();
  });

  it("fills exactly the reads the server answers into the page, under the keys its screen asks by", () => {
    expect(Object.keys(FIRST_SCREEN_QUERIES).sort()).toEqual(Object.keys(FIRST_SCREEN_READS).sort());
    for (const [page, queries] of Object.entries(FIRST_SCREEN_QUERIES))
      expect([SESSION_READ, ...queries.map((query) => query.url)], page).toEqual(FIRST_SCREEN_READS[page]);
    const keys = (page: string) => FIRST_SCREEN_QUERIES[page]!.map((query) => hashKey(query.queryKey));
    const me = hashKey(getMeQueryOptions().queryKey);
    expect(keys("/secure-dashboard")).toEqual([me, hashKey(getDashboardQueryOptions().queryKey)]);
    // The list as the screen asks for it with no search or status in its URL.
    const unfiltered = listAutomationsQueryOptions({ search: undefined, status: undefined }).queryKey;
    expect(keys("/my-automations")).toEqual([me, hashKey(unfiltered)]);
  });
});

describe("the language a page is rendered in", () => {
  it("is the first of Accept-Language, when the runtime knows it", () => {
    expect(firstLanguage("en-GB,en;q=0.9")).toBe("en-GB");
    expect(firstLanguage("de;q=0.8")).toBe("de");
    expect(firstLanguage("*")).toBeUndefined();
    expect(firstLanguage("not a language!")).toBeUndefined();
    expect(firstLanguage(undefined)).toBeUndefined();
  });
});
