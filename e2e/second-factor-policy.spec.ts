import { Secret, TOTP, URI } from "otpauth";
import { checkAndShootEverySize } from "./a11y-helpers";
import { baseURL, csrfHeaders, freshIp, signUpClient } from "./automation-fixtures";
import { expect, fillSignIn, PASSWORD, readLink, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { APIRequestContext } from "@playwright/test";

/** Sets up an authenticator app through the API, as the account screen does, with a code computed here. */
async function setUpApp(who: APIRequestContext) {
  const enabled = await who.post("/api/auth/two-factor/enable", { data: { password: PASSWORD } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const totp = URI.parse(((await enabled.json()) as { totpURI: string }).totpURI) as TOTP;
  const verified = await who.post("/api/auth/two-factor/verify-totp", { data: { code: totp.generate() } });
  expect(verified.status(), await verified.text()).toBe(200);
}

test("an owner requires a second factor; a member is sent to set one up, enrols and reaches the dashboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const company = `Strict ${tag}`;
  const ownerEmail = `strict-owner-${tag}@client.test`;
  const memberEmail = `strict-member-${tag}@client.test`;
  const owner = await signUpClient(ownerEmail, PASSWORD, company);
  const invited = await owner.post("/api/company/invitations", {
    headers: await csrfHeaders(owner),
    data: { email: memberEmail },
  });
  expect(invited.status()).toBe(201);
  const member = await signUpClient(memberEmail, PASSWORD, `Own ${tag}`);
  const token = new URL(await readLink(member, memberEmail, "company-invitation")).searchParams.get("token")!;
  const joined = await member.post("/api/company/invitations/accept", {
    headers: await csrfHeaders(member),
    data: { token },
  });
  expect(joined.status()).toBe(200);
  await setUpApp(owner);

  // The owner, in the session that passed the app, turns the policy on from the team card.
  await page.context().addCookies((await owner.storageState()).cookies);
  await Promise.all([owner.dispose(), member.dispose()]);
  await page.goto("/secure-dashboard");
  const team = page.getByRole("region", { name: "Require a second factor for all members" });
  await expect(page.getByText(memberEmail)).toBeVisible();
  await expect(page.getByText("No second factor", { exact: true })).toBeVisible();
  const policy = team.getByRole("switch", { name: "Require a second factor for all members" });
  await expect(policy).toHaveAttribute("aria-checked", "false");
  await policy.click();
  await expect(policy).toHaveAttribute("aria-checked", "true");
  const told = page.getByText(/1 member has none yet: they were told by email/);
  await expect(told).toBeVisible();
  // The toast would cover the card in the pictures: they are taken once it is gone.
  await expect(told).toBeHidden();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "team-second-factor-policy");

  // The member signs in elsewhere and lands on their account, told why.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": freshIp() } });
  const second = await other.newPage();
  await signInPage(second, memberEmail, PASSWORD, { landing: "/account" });
  await expect(second.getByText(`${company} requires a second factor of all its members`)).toBeVisible();
  await checkAndShootEverySize(second, SCREENSHOT_DIR, "account-second-factor-required");
  await second.goto("/billing");
  await expect(second).toHaveURL((url) => url.pathname === "/account");

  const card = second.locator("#two-factor");
  await card.getByRole("button", { name: "Set up an authenticator app" }).click();
  await card.getByLabel("Your password").fill(PASSWORD);
  await card.getByRole("button", { name: "Continue" }).click();
  const secret = (await card.locator("code").textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  await card.getByLabel("Code from the app").fill(app.generate());
  await card.getByRole("button", { name: "Turn on" }).click();
  await card.getByRole("button", { name: "I have saved them" }).click();
  await expect(card.getByText("On: signing in asks for a code from your authenticator app.")).toBeVisible();
  await expect(second.getByText(`${company} requires a second factor of all its members`)).toBeHidden();

  await second.goto("/secure-dashboard");
  await expect(second).toHaveURL((url) => url.pathname === "/secure-dashboard");
  await expect(second.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(second.getByText(`People in ${company}`)).toBeVisible();

  // Signing in again here, trusting this browser for 30 days; then forgetting it from the sessions list.
  await second.context().clearCookies({ name: /session/ });
  await second.goto("/secure-login");
  await fillSignIn(second, memberEmail, PASSWORD);
  const step = second.getByRole("form", { name: "Second step of signing in" });
  await step.getByLabel("Authentication code").fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await step.getByRole("checkbox", { name: "Trust this device for 30 days" }).click();
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(second).toHaveURL((url) => url.pathname === "/secure-dashboard");
  await second.goto("/account");
  const trusted = second.getByRole("region", { name: "Trusted browsers" });
  await expect(trusted.getByText("This browser", { exact: true })).toBeVisible();
  await checkAndShootEverySize(second, SCREENSHOT_DIR, "account-trusted-browsers");
  await trusted.getByRole("button", { name: "Forget this browser" }).click();
  await expect(second.getByText("Forgotten: signing in there asks for your second factor again.")).toBeVisible();
  await expect(trusted).toBeHidden();
  await other.close();
});
