import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { contentSecurityPolicy } from "./headers";

/** The runtime the security tests share: the app serving a built page, as in production. */

// The build inlines a head script into the pages it serves; the policy names it by hash.
const INLINE_SCRIPT = 'document.documentElement.classList.add("dark")';
export const INLINE_SCRIPT_HASH = `'sha256-${createHash("sha256").update(INLINE_SCRIPT).digest("base64")}'`;
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy([INLINE_SCRIPT_HASH]);

export async function startSecurityRuntime(): Promise<{ t: TestRuntime; close: () => Promise<void> }> {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-web-"));
  fs.writeFileSync(
    path.join(webRoot, "index.html"),
    `<!doctype html><title>Cogwork</title><script>${INLINE_SCRIPT}</script><div id=root></div><script type="application/json" id="state">{}</script>`,
  );
  const t = await createTestRuntime({}, { webRoot });
  return {
    t,
    close: async () => {
      await t.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

/** Asks the server to end the session for inactivity, as the browser does. */
export const sessionTimeout = (t: TestRuntime, cookie: string, init: { token?: string; csrf?: boolean } = {}) =>
  t.request("/api/me/security/session-timeout", {
    method: "POST",
    csrf: init.csrf,
    headers: { cookie, ...(init.token ? { "x-csrf-token": init.token } : {}) },
  });
