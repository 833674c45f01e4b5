import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createScratchDatabase } from "../src/server/db/scratch-database";
import { childEnv, REPO_ROOT, runNode, type ChildRun } from "../src/server/test/child-process";

export const PASSWORD = "correct horse battery";

/**
 * The built server in its own process, as deployed behind a proxy at 127.0.0.1: tests pick
 * each request's client address with X-Forwarded-For. Embedded database under .tmp/, or a
 * scratch PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function startAbuseServer(name: string, port: number) {
  const scratch = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL, "cogwork_reliability")
    : undefined;
  const dataDir = path.join(REPO_ROOT, ".tmp", `reliability-${name}-${randomUUID()}`);
  const origin = `http://127.0.0.1:${port}`;
  const env = childEnv({
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: origin,
    DATA_DIR: dataDir,
    TRUSTED_PROXIES: "127.0.0.1",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });

  // Staff are made by the command line, before the server holds the database.
  const staffEmail = `staff-${name}@cogwork.test`;
  const admin = runNode(["dist/server/create-admin.js", staffEmail, "--name", "Reliability Staff"], env);
  await admin.exit;
  const staffPassword = admin.output().match(/Password, shown this once: (\S+)/)?.[1];
  if (!staffPassword) throw new Error(`create-admin printed no password:\n${admin.output()}`);

  const server: ChildRun = runNode(["dist/server/index.js"], env);
  await server.waitFor(/ready in \d+ ms/);

  const request = (pathname: string, init: { ip?: string; json?: unknown; cookie?: string } = {}) =>
    fetch(`${origin}${pathname}`, {
      method: init.json === undefined ? "GET" : "POST",
      headers: {
        origin,
        // The development mailbox answers loopback clients only: no forwarded address for it.
        ...(init.ip ? { "x-forwarded-for": init.ip } : {}),
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: "manual",
    });

  const signIn = (email: string, password: string, ip: string) =>
    request("/api/auth/sign-in/email", { ip, json: { email, password } });

  /** A client who signed up and followed the confirmation link from the development mailbox. */
  async function confirmedClient(email: string, ip: string) {
    const signUp = await request("/api/auth/sign-up/email", {
      ip,
      json: { email, password: PASSWORD, name: "Reliability Client" },
    });
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    const { messages } = (await (await request(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { text: string }[];
    };
    const link = messages[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no confirmation mail for ${email}`);
    const url = new URL(link);
    await request(url.pathname + url.search, { ip });
  }

  /** Every row of the security log of a type, read through the staff viewer. */
  async function securityEvents(type: string, staffCookie: string) {
    const events: { ip: string | null; count: number; type: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?type=${type}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = (await (
        await request(`/api/admin/security-events${query}`, { ip: "192.0.2.251", cookie: staffCookie })
      ).json()) as {
        events: typeof events;
        nextCursor: string | null;
      };
      events.push(...page.events);
      cursor = page.nextCursor;
    } while (cursor);
    return events;
  }

  return {
    origin,
    staffEmail,
    staffPassword,
    request,
    signIn,
    confirmedClient,
    securityEvents,
    stop: async () => {
      server.child.kill("SIGTERM");
      await server.exit;
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type AbuseServer = Awaited<ReturnType<typeof startAbuseServer>>;

/** The Cookie header a browser would send after this response. */
export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
