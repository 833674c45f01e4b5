// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Component as SecureLogin } from "../../../app/routes/secure-login";
import { fakeApi, SERVER_ERROR } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";

// jsdom has no ResizeObserver, which Radix's checkbox ("Trust this device") uses to measure itself.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const USER = {
  id: "u1",
  email: "erin@client.test",
  name: "Erin",
  emailVerified: true,
  image: null,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  role: "client",
  banned: false,
  banReason: null,
  banExpires: null,
  twoFactorEnabled: false,
};
const SESSION = {
  id: "s1",
  token: "session-token-s1",
  userId: "u1",
  expiresAt: "2030-01-01T00:00:00Z",
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ipAddress: "203.0.113.5",
  userAgent: "",
  impersonatedBy: null,
  viewingCompanyId: null,
  viewingUntil: null,
};

async function signInWith(values: { email: string; password: string }) {
  renderScreen([{ path: "/secure-login", element: <SecureLogin /> }], { at: "/secure-login" });
  const user = userEvent.setup();
  if (values.email) await user.type(await screen.findByRole("textbox", { name: "Email" }), values.email);
  if (values.password) await user.type(screen.getByLabelText("Password", { selector: "input" }), values.password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign-in form", () => {
  it("signs in and goes to the dashboard", async () => {
    // Signed out (the base table's null session) until the sign-in, signed in from then on.
    const calls = fakeApi({
      signInEmail: () => {
        fakeApi({ getSession: { body: { user: USER, session: SESSION } } });
        return { body: { redirect: false, token: SESSION.token, user: USER } };
      },
    });
    await signInWith({ email: "Erin@Client.test", password: "correct horse battery" });
    expect(await screen.findByRole("heading", { name: "Now at /secure-dashboard" })).toBeVisible();
    expect(calls.find((call) => call.path === "/api/auth/sign-in/email")?.body).toMatchObject({
      email: "erin@client.test",
      password: "correct horse battery",
    });
  });

  it("asks for the authenticator code after the right password, says when it is wrong, and signs in with the right one", async () => {
    const calls = fakeApi({
      signInEmail: { body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } },
      verifyTotp: {
        status: 401,
        body: { message: "That code is not right. Check it and try again.", code: "INVALID_CODE" },
      },
    });
    await signInWith({ email: "erin@client.test", password: "correct horse battery" });
    const code = await screen.findByRole("textbox", { name: "Authentication code" });
    const user = userEvent.setup();
    await user.type(code, "123 456");
    await user.click(screen.getByRole("checkbox", { name: "Trust this device for 30 days" }));
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("That code is not right. Check it and try again.")).toBeVisible();
    expect(calls.find((call) => call.path === "/api/auth/two-factor/verify-totp")?.body).toEqual({
      code: "123456",
      trustDevice: true,
    });

    fakeApi({
      verifyTotp: () => {
        fakeApi({ getSession: { body: { user: { ...USER, twoFactorEnabled: true }, session: SESSION } } });
        return { body: { token: SESSION.token, user: { ...USER, twoFactorEnabled: true } } };
      },
    });
    await user.type(screen.getByRole("textbox", { name: "Authentication code" }), "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { name: "Now at /secure-dashboard" })).toBeVisible();
  });

  it("shows the seed's messages beside the fields and sends nothing", async () => {
    const calls = fakeApi({});
    await signInWith({ email: "not-an-email", password: "" });
    expect(await screen.findByText("Invalid email")).toBeVisible();
    expect(screen.getByText("Required")).toBeVisible();
    expect(calls.map((call) => call.path)).not.toContain("/api/auth/sign-in/email");
  });

  it("says 'Invalid email or password.' when the server refuses the credentials", async () => {
    fakeApi({
      signInEmail: {
        status: 401,
        body: { message: "Invalid email or password", code: "INVALID_EMAIL_OR_PASSWORD" },
      },
    });
    await signInWith({ email: "erin@client.test", password: "not the password" });
    expect(await screen.findByText("Invalid email or password.")).toBeVisible();
  });

  it("shows a readable message when the server fails, and stays on the form", async () => {
    fakeApi({ signInEmail: SERVER_ERROR });
    await signInWith({ email: "erin@client.test", password: "correct horse battery" });
    expect(await screen.findByText(SERVER_ERROR.body.message)).toBeVisible();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(screen.queryByRole("heading", { name: /Now at/ })).not.toBeInTheDocument();
  });
});
