import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { FIRST_SCREEN_BLOCK_ID } from "../shared/constants";
import { firstScreenHtml } from "./first-screen";
import { as, givenClient, type Caller } from "./test/given";
import { createTestRuntime, type TestRuntime } from "./test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

const SHELL =
  '<html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
// A build's layout: the web app's files, and beside them the first screens' renderer (here a
// stand-in that shows whom it rendered for, and fails on /my-automations).
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-first-screen-"));
const webRoot = path.join(buildDir, "web");
fs.mkdirSync(webRoot);
fs.writeFileSync(path.join(webRoot, "index.html"), SHELL);
fs.mkdirSync(path.join(buildDir, "ssr"));
fs.writeFileSync(
  path.join(buildDir, "ssr/render-first-screen.js"),
  `export async function renderFirstScreen(url, answers, { acceptLanguage }) {
    if (new URL(url).pathname === "/my-automations") throw new Error("the renderer broke");
    return "<p>Rendered for " + answers["/api/me"].body.user.email + " in " + acceptLanguage + "</p>";
  }`,
);

let t: TestRuntime;
let ann: Caller;
let bob: Caller;

beforeAll(async () => {
  t = await createTestRuntime({}, { webRoot });
  ann = await givenClient(t, "ann@first-screen.test", "Ann's company");
  bob = await givenClient(t, "bob@first-screen.test", "Bob's company");
}, 240_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

/** The answers a page's HTML carries, by URL (none: undefined). */
function answersIn(html: string): Record<string, { body: unknown; csrfToken?: string }> | undefined {
  const block = html.match(new RegExp(`<script type="application/json" id="${FIRST_SCREEN_BLOCK_ID}">(.*?)</script>`));
  return block ? JSON.parse(block[1]!) : undefined;
}

test("a signed-in client's dashboard HTML carries the API's own answers for them, uncached", async () => {
  const page = await as(ann, "/secure-dashboard");
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toBe("private, no-store");
  expect(page.headers.get("vary")).toContain("Cookie");
  const html = await page.text();
  const answers = answersIn(html)!;
  expect(Object.keys(answers).sort()).toEqual(["/api/auth/get-session", "/api/dashboard", "/api/me"]);
  for (const url of ["/api/me", "/api/dashboard"])
    expect(answers[url]!.body, url).toEqual(await (await as(ann, url)).json());
  const session = (await (await as(ann, "/api/auth/get-session")).json()) as { user: { id: string } };
  expect((answers["/api/auth/get-session"]!.body as typeof session).user.id).toBe(session.user.id);
});

test("the screen is rendered into the page for its user, in their language, inert until the app runs", async () => {
  const html = await (await as(ann, "/secure-dashboard", { headers: { "accept-language": "en-GB,en;q=0.9" } })).text();
  const root = html.match(/<div id="root" data-server-rendered="(\d+)" inert>(.*?)<\/div>/);
  expect(root?.[2]).toBe("<p>Rendered for ann@first-screen.test in en-GB,en;q=0.9</p>");
  // The instant it was rendered at, which the browser's hydration reads its relative times from.
  expect(Math.abs(Number(root?.[1]) - Date.now())).toBeLessThan(60_000);
  expect(answersIn(html)).toBeDefined();
});

test("a screen that fails to render is sent as the shell with its answers, for the browser to render", async () => {
  const html = await (await as(ann, "/my-automations")).text();
  expect(html).toContain('<div id="root"></div>');
  expect(answersIn(html)!["/api/automations"]).toBeDefined();
});

test("each user's HTML carries their own account; my automations carries the list", async () => {
  const annMe = answersIn(await (await as(ann, "/my-automations")).text())!;
  const bobMe = answersIn(await (await as(bob, "/my-automations")).text())!;
  expect((annMe["/api/me"]!.body as { user: { email: string } }).user.email).toBe("ann@first-screen.test");
  expect((bobMe["/api/me"]!.body as { user: { email: string } }).user.email).toBe("bob@first-screen.test");
  expect(bobMe["/api/automations"]!.body).toEqual(await (await as(bob, "/api/automations")).json());
});

test("without a live session, and on other pages, the shared shell serves as before", async () => {
  const visitor = await t.request("/secure-dashboard");
  expect(await visitor.text()).toBe(SHELL);
  expect(visitor.headers.get("cache-control")).toBe("no-cache");
  const expired = await t.request("/secure-dashboard", { headers: { cookie: "better-auth.session_token=expired" } });
  expect(await expired.text()).toBe(SHELL);
  expect(await (await as(ann, "/billing")).text()).toBe(SHELL);
});

test("a rendered screen's page starts its app after the first paint, from the page-init script", () => {
  const shell = [
    "<head><script>/* page-init */</script>",
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
    '<link rel="modulepreload" crossorigin href="/assets/query-3.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-4.css">',
    '</head><body><div id="root"></div></body>',
  ].join("\n");
  const html = firstScreenHtml(shell, {}, { html: "<h1>Dashboard</h1>", at: 1_800_000_000_000 });
  expect(html).not.toContain('<script type="module"');
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).toContain('<meta name="app-entry" content="/assets/index-1.js" />');
  expect(html).toContain('<meta name="app-preload" content="/assets/react-2.js /assets/query-3.js" />');
  expect(html).toContain('<meta name="app-start" content="after-paint" />');
  expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-4.css">');
  expect(html).toContain('<div id="root" data-server-rendered="1800000000000" inert><h1>Dashboard</h1></div>');
  // Without a rendered screen the shell stays as it is: the app renders the screen.
  expect(firstScreenHtml(shell, {})).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  expect(firstScreenHtml(shell, {})).toContain('rel="modulepreload" crossorigin href="/assets/react-2.js"');
});

test("data that holds </script> or <!-- stays inside the JSON block", () => {
  const body = { name: "</script><script>alert(1)</script><!--", line: "a\u2028b", dollars: "Jo$$ $& $` $'" };
  const html = firstScreenHtml(SHELL, { "/api/me": { body } });
  expect(html.match(/<\/script>/g)).toHaveLength(2);
  expect(answersIn(html)).toEqual({ "/api/me": { body } });
});
