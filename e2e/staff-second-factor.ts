import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type APIResponse, type BrowserContext } from "@playwright/test";
import { URI, type TOTP } from "otpauth";
import { E2E_DATA_DIR } from "../playwright.config";
import { allowMoreTime } from "./time-limit";

/*
 * The staff account must have a second factor before the staff area opens (ADR 0027). e2e/global-setup.ts
 * sets up an authenticator app for it through the API, as the account screen does, and leaves its
 * otpauth:// address here. Each code works once, and the server accepts only the codes of three
 * 30-second steps at a time, while the specs sign staff in far more often than that. So, as a person
 * would on their own computer, each test worker signs in with a code once and ticks "Trust this
 * device": its later sign-ins send the trusted-device cookie (Better Auth renews it at each use, so
 * the worker keeps the newest), one at a time.
 */

const FACTOR_FILE = () => path.resolve(E2E_DATA_DIR, "e2e-staff-factor.json");
const TRUST_COOKIE = /(?:^|\s)((?:__Secure-)?better-auth\.trust_device)=([^;]+)/;

/** Writes the staff account's app, for the workers (global setup). */
export function saveStaffFactor(totpURI: string) {
  fs.writeFileSync(FACTOR_FILE(), JSON.stringify({ totpURI }));
}

function staffTotp(): TOTP {
  const { totpURI } = JSON.parse(fs.readFileSync(FACTOR_FILE(), "utf8")) as { totpURI: string };
  return URI.parse(totpURI) as TOTP;
}

/** This worker's trusted-device cookie for the staff account, once it has one. */
let trusted: { name: string; value: string } | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Runs the staff sign-ins of this worker one after the other: each renews the one trusted-device cookie. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

function keepTrustCookie(response: APIResponse) {
  for (const header of response.headersArray()) {
    if (header.name.toLowerCase() !== "set-cookie") continue;
    const match = TRUST_COOKIE.exec(header.value);
    if (match && match[2] && !/max-age=0/i.test(header.value)) trusted = { name: match[1]!, value: match[2] };
  }
}

const step = () => Math.floor(Date.now() / 30_000);

/** The second step of a sign-in, with the app's code: the codes the server takes now, in turn (another worker may have used one). */
async function passWithCode(request: APIRequestContext, origin: string): Promise<APIResponse | null> {
  const totp = staffTotp();
  const now = step();
  for (const offset of [0, 1, -1]) {
    const code = totp.generate({ timestamp: (now + offset) * 30_000 });
    const response = await request.post("/api/auth/two-factor/verify-totp", {
      headers: { origin },
      data: { code, trustDevice: true },
    });
    if (response.ok()) return response;
    expect(response.status(), await response.text()).toBe(401);
  }
  return null;
}

/**
 * Signs the staff account in with `request` (a browser context's, or an API context of its own):
 * with the trusted-device cookie when this worker has one, else password and then a code.
 */
export function signInStaffWith(
  request: APIRequestContext,
  origin: string,
  credentials: { email: string; password: string },
): Promise<APIResponse> {
  return oneAtATime(async () => {
    for (let round = 0; round < 3; round++) {
      const headers: Record<string, string> = { origin };
      if (trusted) headers.cookie = `${trusted.name}=${trusted.value}`;
      const signedIn = await request.post("/api/auth/sign-in/email", {
        headers,
        data: { ...credentials, rememberMe: true },
      });
      expect(signedIn.status(), `staff sign-in: ${await signedIn.text()}`).toBe(200);
      const body = (await signedIn.json()) as { twoFactorRedirect?: boolean };
      if (!body.twoFactorRedirect) {
        keepTrustCookie(signedIn);
        return signedIn;
      }
      trusted = null;
      const verified = await passWithCode(request, origin);
      if (verified) {
        keepTrustCookie(verified);
        return verified;
      }
      // Every code the server takes now was used (by the other worker): the next step brings a new one.
      const used = step();
      // A wait for the clock, not for the app: it does not eat into the test's own time.
      allowMoreTime(35_000);
      await expect.poll(step, { timeout: 35_000, intervals: [1_000] }).toBeGreaterThan(used);
    }
    throw new Error("the staff account could not pass its second factor");
  });
}

/**
 * Before a staff sign-in through the form: the worker's trusted-device cookie in the browser
 * (signing in through the API first if it has none yet), and after it, its renewed value kept.
 */
export async function withTrustedStaffBrowser(
  context: BrowserContext,
  origin: string,
  credentials: { email: string; password: string },
  signIn: () => Promise<void>,
) {
  if (!trusted) {
    const { request } = await import("@playwright/test");
    const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { "x-forwarded-for": "10.251.0.1" } });
    await signInStaffWith(api, origin, credentials);
    await api.dispose();
  }
  await oneAtATime(async () => {
    await context.addCookies([{ name: trusted!.name, value: trusted!.value, url: origin }]);
    await signIn();
    const renewed = (await context.cookies(origin)).find((cookie) => cookie.name === trusted!.name);
    if (renewed) trusted = { name: renewed.name, value: renewed.value };
  });
}
