// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { TeamCard } from "./team-card";

const company = (role: "owner" | "member") => ({
  company: {
    id: "7d1f5d0e-3c1a-4a8e-9a51-2f0a4f1b6c11",
    name: "Acme",
    hourlyValueMinor: 5000,
    currency: "EUR",
    timeZone: "Europe/Berlin",
  },
  role,
  members: [
    { userId: "u1", name: "Olive Owner", email: "olive@acme.test", role: "owner", since: "2025-01-01T00:00:00Z" },
  ],
  invitations: [],
});

const show = (role: "owner" | "member") =>
  renderScreen([{ path: "/secure-dashboard", element: <TeamCard isOwner={role === "owner"} /> }], {
    at: "/secure-dashboard",
  });

describe("team card", () => {
  it("the owner's invite form (loaded after the card) checks the address, then sends it in lower case", async () => {
    const calls = fakeApi({
      getCompany: { body: company("owner") },
      inviteMember: { status: 201, body: { email: "ada@acme.test", expiresAt: "2025-01-08T00:00:00Z", resent: false } },
    });
    show("owner");
    expect(await screen.findByText("People in Acme")).toBeVisible();
    const email = await screen.findByLabelText("Invite a colleague by email");
    const user = userEvent.setup();
    await user.type(email, "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invalid email")).toBeVisible();
    expect(email).toHaveFocus();
    await user.clear(email);
    await user.type(email, "Ada@Acme.test");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to ada@acme.test.")).toBeVisible();
    expect(email).toHaveValue("");
    expect(calls.find((call) => call.path === "/api/company/invitations")).toMatchObject({
      method: "POST",
      body: { email: "ada@acme.test" },
    });
  });

  it("a member sees the people and no invite form", async () => {
    fakeApi({ getCompany: { body: company("member") } });
    show("member");
    expect(await screen.findByText("Olive Owner")).toBeVisible();
    expect(screen.queryByRole("form", { name: "Invite a colleague" })).toBeNull();
  });
});
