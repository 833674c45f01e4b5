// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { UsersAdmin } from "./users-admin";
import type { TListUsersResponse, TStaffUser } from "../../../../shared/users";

const person = (overrides: Partial<TStaffUser>): TStaffUser => ({
  id: "u-ann",
  name: "Ann Archer",
  email: "ann@acme.test",
  role: "client",
  emailVerified: true,
  banned: false,
  banReason: null,
  twoFactorEnabled: false,
  passkeys: 0,
  createdAt: "2026-03-01T10:00:00.000Z",
  company: { id: "5f0c2a8e-1d2b-4c3d-9e4f-0a1b2c3d4e5f", name: "Acme Ltd", role: "owner" },
  ...overrides,
});
const page = (users: TStaffUser[]): TListUsersResponse => ({ users, total: users.length, page: 1, pageSize: 25 });
const ann = person({});
const sam = person({ id: "u-sam", name: "Sam Staff", email: "sam@agency.test", role: "admin", company: null });
const una = person({ id: "u-una", name: "", email: "una@new.test", emailVerified: false, company: null });

function renderUsers(at = "/admin/users", answers: Parameters<typeof fakeApi>[0] = {}) {
  const calls = fakeApi({ listUsers: { body: page([una, ann, sam]) }, ...answers });
  renderScreen([{ path: "/admin/users", element: <UsersAdmin currentUserId="u-sam" /> }], { at });
  return { calls, user: userEvent.setup() };
}

const openActions = async (user: ReturnType<typeof userEvent.setup>, email: string) => {
  await user.click(await screen.findByRole("button", { name: `Actions for ${email}` }));
  return screen.findByRole("menu");
};

describe("users screen", () => {
  it("shows each account, and keeps the dashboard's sign-up filter from the URL", async () => {
    const { calls, user } = renderUsers("/admin/users?signedUpWithin=7");
    const table = await screen.findByRole("region", { name: "Users" });
    const row = within(table).getByRole("row", { name: /ann@acme\.test/ });
    expect(row).toHaveTextContent("Acme Ltd · owner");
    expect(within(table).getByRole("row", { name: /una@new\.test/ })).toHaveTextContent("Not yet");
    expect(screen.getByLabelText("Signed up")).toHaveValue("7");
    expect(calls.find((c) => c.path === "/api/staff/users")?.query).toContain("signedUpWithin=7");

    await user.selectOptions(screen.getByLabelText("Role"), "admin");
    expect(calls.at(-1)?.query).toMatch(/role=admin/);
    expect(calls.at(-1)?.query).toMatch(/signedUpWithin=7/);
  });

  it("bans after a confirmation that says what happens, with a reason", async () => {
    const { calls, user } = renderUsers("/admin/users", {
      banUser: { body: { user: { ...ann, banned: true }, sessionsEnded: 2 } },
    });
    const menu = await openActions(user, "ann@acme.test");
    await user.click(within(menu).getByRole("menuitem", { name: "Ban…" }));
    const dialog = await screen.findByRole("dialog", { name: "Ban ann@acme.test?" });
    expect(dialog).toHaveTextContent(
      "They are signed out everywhere at once and cannot sign in until someone unbans them.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Ban account" }));
    expect(await within(dialog).findByText("Required")).toBeVisible();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText("Reason"), "Shared the account");
    await user.click(within(dialog).getByRole("button", { name: "Ban account" }));
    expect(await screen.findByText("ann@acme.test is banned; 2 sessions ended.")).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/staff/users/u-ann/ban",
      body: { reason: "Shared the account" },
    });
  });

  it("says a promoted owner leaves their company, and shows the server's refusal", async () => {
    const refusal = "ann@acme.test owns Acme Ltd, which has 1 other member.";
    const { user } = renderUsers("/admin/users", {
      setUserRole: { status: 409, body: { message: refusal, code: "CONFLICT" } },
    });
    await user.click(within(await openActions(user, "ann@acme.test")).getByRole("menuitem", { name: "Make staff…" }));
    const dialog = await screen.findByRole("dialog", { name: "Make ann@acme.test agency staff?" });
    expect(dialog).toHaveTextContent("They leave Acme Ltd: staff do not belong to client companies.");
    await user.click(within(dialog).getByRole("button", { name: "Make staff" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(refusal);
  });

  it("offers each action only where it applies", async () => {
    const { user } = renderUsers();
    const own = await openActions(user, "sam@agency.test");
    expect(within(own).queryByRole("menuitem", { name: "Ban…" })).toBeNull();
    expect(within(own).getByRole("menuitem", { name: "Make client…" })).toBeVisible();
    await user.keyboard("{Escape}");
    const unconfirmed = await openActions(user, "una@new.test");
    expect(within(unconfirmed).getByRole("menuitem", { name: "Resend confirmation…" })).toBeVisible();
  });
});
