// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Component as SecureLogin } from "../../../app/routes/secure-login";
import { fakeApi, SERVER_ERROR } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";

async function signUpWith(values: { name?: string; company?: string; email: string; password: string }) {
  renderScreen([{ path: "/secure-login", element: <SecureLogin /> }], { at: "/secure-login?mode=signup" });
  const user = userEvent.setup();
  if (values.name) await user.type(await screen.findByRole("textbox", { name: /Your name/ }), values.name);
  if (values.company) await user.type(screen.getByRole("textbox", { name: /Company/ }), values.company);
  await user.type(await screen.findByRole("textbox", { name: "Work email" }), values.email);
  await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), values.password);
  await user.click(screen.getByRole("button", { name: "Create account" }));
}

describe("sign-up form", () => {
  it("creates the account and asks the user to check their inbox", async () => {
    const calls = fakeApi({
      signUpEmail: {
        body: {
          token: null,
          user: {
            id: "u1",
            email: "new@client.test",
            name: "Erin",
            emailVerified: false,
            image: null,
            createdAt: "2026-01-01T00:00:00Z",
            updatedAt: "2026-01-01T00:00:00Z",
            role: "client",
            banned: false,
            banReason: null,
            banExpires: null,
            twoFactorEnabled: false,
          },
        },
      },
    });
    await signUpWith({ name: "Erin", company: "Acme", email: "New@Client.test", password: "correct horse battery" });
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeVisible();
    expect(screen.getByText("new@client.test")).toBeVisible();
    expect(calls.find((call) => call.path === "/api/auth/sign-up/email")?.body).toMatchObject({
      email: "new@client.test",
      name: "Erin",
      company: "Acme",
    });
  });

  it("shows the seed's messages beside the fields and sends nothing", async () => {
    const calls = fakeApi({});
    await signUpWith({ email: "not-an-email", password: "short" });
    expect(await screen.findByText("Invalid email")).toBeVisible();
    expect(screen.getByText("String must contain at least 8 character(s)")).toBeVisible();
    expect(calls.map((call) => call.path)).not.toContain("/api/auth/sign-up/email");
  });

  it("shows a readable message when the server fails, and keeps the form", async () => {
    fakeApi({ signUpEmail: SERVER_ERROR });
    await signUpWith({ email: "new@client.test", password: "correct horse battery" });
    expect(await screen.findByText(SERVER_ERROR.body.message)).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Check your inbox" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Work email" })).toHaveValue("new@client.test");
  });
});
