// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Component as AcceptInvitation } from "../../../app/routes/accept-invitation";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";

const invitation = {
  companyName: "Globex Holdings",
  email: "nina@globex-mail.test",
  expiresAt: "2026-12-01T00:00:00Z",
};
const expired = {
  status: 410,
  body: {
    message: "This invitation has expired. Ask the person who invited you for a new one.",
    code: "GONE",
    reason: "expired",
  },
};
const used = { status: 410, body: { message: "This invitation has already been used.", code: "GONE", reason: "used" } };
const created = {
  body: {
    token: null,
    user: {
      id: "u1",
      email: invitation.email,
      name: "Nina",
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
};

/** The invitation page signed out: the preview answers the invitation, then `afterSignUp` once the form is sent. */
async function signUpFromLink(afterSignUp: typeof expired | typeof used) {
  let previews = 0;
  fakeApi({
    previewInvitation: () => (previews++ === 0 ? { body: invitation } : afterSignUp),
    signUpEmail: created,
  });
  renderScreen([{ path: "/accept-invitation", element: <AcceptInvitation /> }], {
    at: "/accept-invitation?token=tok-123",
  });
  const user = userEvent.setup();
  await user.type(await screen.findByRole("textbox", { name: /Your name/ }), "Nina");
  await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), "correct horse battery");
  await user.click(screen.getByRole("button", { name: "Create account and join Globex Holdings" }));
  return screen.findByRole("heading", { name: "Check your inbox" });
}

describe("signing up from an invitation link", () => {
  it("joins the inviting company: the inbox message names its portal", async () => {
    expect(await signUpFromLink(used)).toBeVisible();
    expect(screen.getByText(/signs you in to Globex Holdings's portal/)).toBeVisible();
    expect(screen.queryByText(/had expired/)).toBeNull();
  });

  it("says so when the invitation expired while the form was filled in: the account has a company of its own", async () => {
    expect(await signUpFromLink(expired)).toBeVisible();
    const notice = screen.getAllByRole("status").find((s) => s.textContent?.includes("had expired"))!;
    expect(notice).toHaveTextContent("The invitation to Globex Holdings had expired by the time you sent the form");
    expect(notice).toHaveTextContent("your account was made with a company of its own instead");
    expect(notice).toHaveTextContent("Ask the person who invited you for a new invitation");
    expect(screen.getByText(/signs you in to your portal/)).toBeVisible();
  });
});
