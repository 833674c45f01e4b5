import fs from "node:fs";
import path from "node:path";
import { request } from "@playwright/test";
import { URI, type TOTP } from "otpauth";
import { E2E_DATA_DIR, E2E_PORT } from "../playwright.config";
import { saveStaffFactor } from "./staff-second-factor";

/**
 * Runs once the server is up (Playwright starts its webServer first): the staff account that
 * create-admin made sets up its authenticator app, as a new staff member does at first sign-in
 * (ADR 0027), through the API, with the code computed by a real TOTP implementation.
 */
export default async function globalSetup() {
  const baseURL = `http://localhost:${E2E_PORT}`;
  const { email, password } = JSON.parse(fs.readFileSync(path.resolve(E2E_DATA_DIR, "e2e-staff.json"), "utf8")) as {
    email: string;
    password: string;
  };
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": "10.252.0.1" },
  });
  const must = async (what: string, response: Awaited<ReturnType<typeof api.post>>) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await must("staff sign-in", await api.post("/api/auth/sign-in/email", { data: { email, password } }));
  const { totpURI } = (await must(
    "staff 2FA set-up",
    await api.post("/api/auth/two-factor/enable", { data: { password } }),
  )) as { totpURI: string };
  const code = (URI.parse(totpURI) as TOTP).generate();
  await must("staff 2FA code", await api.post("/api/auth/two-factor/verify-totp", { data: { code } }));
  saveStaffFactor(totpURI);
  await api.dispose();
}
