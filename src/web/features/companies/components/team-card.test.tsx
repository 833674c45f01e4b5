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
    requireSecondFactor: false,
  },
  role,
  members: [
    {
      userId: "u1",
      name: "Olive Owner",
      email: "olive@acme.test",
      role: "owner",
      since: "2025-01-01T00:00:00Z",
      hasSecondFactor: role === "owner" ? true : null,
    },
    {
      userId: "u2",
      name: "Mo Member",
      email: "mo@acme.test",
      role: "member",
      since: "2025-01-02T00:00:00Z",
      hasSecondFactor: role === "owner" ? false : null,
    },
  ],
  invitations: [],
});

const show = (role: "owner" | "member", ownerPassedSecondFactor = true) =>
  renderScreen(
    [
      {
        path: "/secure-dashboard",
        element: <TeamCard ownerPassedSecondFactor={ownerPassedSecondFactor} />,
      },
    ],
    { at: "/secure-dashboard" },
  );

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

  it("a member sees the people and no invite form, no switch, and not who has a second factor", async () => {
    fakeApi({ getCompany: { body: company("member") } });
    show("member");
    expect(await screen.findByText("Olive Owner")).toBeVisible();
    expect(screen.queryByRole("form", { name: "Invite a colleague" })).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.queryByText("No second factor")).toBeNull();
  });

  it("the owner sees who has a second factor and requires one of everyone", async () => {
    const calls = fakeApi({
      getCompany: { body: company("owner") },
      updateSecondFactorPolicy: { body: { requireSecondFactor: true, membersWithoutSecondFactor: 1 } },
    });
    show("owner");
    expect(await screen.findByText("Second factor on")).toBeVisible();
    expect(screen.getByText("No second factor")).toBeVisible();
    const policy = screen.getByRole("switch", { name: "Require a second factor for all members" });
    expect(policy).not.toBeChecked();
    await userEvent.setup().click(policy);
    expect(
      await screen.findByText(
        /1 member has none yet: they were told by email and will set one up at their next sign-in/,
      ),
    ).toBeVisible();
    expect(calls.find((call) => call.path === "/api/company/second-factor-policy")).toMatchObject({
      method: "PUT",
      body: { required: true },
    });
  });

  it("an owner without a second factor of their own is told to set one up before turning it on", async () => {
    fakeApi({ getCompany: { body: company("owner") } });
    show("owner", false);
    const policy = await screen.findByRole("switch", { name: "Require a second factor for all members" });
    expect(policy).toBeDisabled();
    expect(screen.getByRole("link", { name: "set up a second factor for your own account" })).toHaveAttribute(
      "href",
      "/account",
    );
  });
});
