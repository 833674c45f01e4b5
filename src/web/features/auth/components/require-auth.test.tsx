// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { RequireScreenAccess } from "./require-auth";

const USER = {
  id: "u1",
  email: "mo@acme.test",
  name: "Mo",
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

const billing = (company: { requireSecondFactor: boolean }) =>
  renderScreen(
    [
      {
        path: "/billing",
        element: (
          <RequireScreenAccess company={company}>
            <h1>Billing</h1>
          </RequireScreenAccess>
        ),
      },
    ],
    { at: "/billing" },
  );

describe("a company that requires a second factor", () => {
  it("sends a member without one to their account", async () => {
    fakeApi({ getSession: { body: { user: USER, session: SESSION } } });
    billing({ requireSecondFactor: true });
    expect(await screen.findByRole("heading", { name: "Now at /account" })).toBeVisible();
  });

  it("lets a member with an authenticator app through", async () => {
    fakeApi({ getSession: { body: { user: { ...USER, twoFactorEnabled: true }, session: SESSION } } });
    billing({ requireSecondFactor: true });
    expect(await screen.findByRole("heading", { name: "Billing" })).toBeVisible();
  });

  it("lets everyone through when the company does not require one", async () => {
    fakeApi({ getSession: { body: { user: USER, session: SESSION } } });
    billing({ requireSecondFactor: false });
    expect(await screen.findByRole("heading", { name: "Billing" })).toBeVisible();
  });
});
