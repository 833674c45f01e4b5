// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { OVERVIEW } from "../../test/staff-fixtures";
import { Component as Dashboard } from "./secure-dashboard";

const me = (role: "admin" | "client") => ({
  user: { id: "u1", email: "sam@agency.test", name: "Sam Staff", role, emailVerified: true },
  company: null,
  secondFactorRequired: false,
  viewingAs: null,
});

describe("the dashboard of a staff member", () => {
  it("summarises what needs them and links to the agency dashboard, not a client's figures", async () => {
    const calls = fakeApi({ getMe: { body: me("admin") }, getAdminOverview: { body: OVERVIEW } });
    renderScreen([{ path: "/secure-dashboard", element: <Dashboard /> }], { at: "/secure-dashboard" });
    expect(await screen.findByRole("link", { name: /2 automations failing/ })).toHaveAttribute(
      "href",
      "/admin/automations?kind=failing",
    );
    expect(screen.getByRole("link", { name: /0 automations stale/ })).toHaveAttribute(
      "href",
      "/admin/automations?kind=stale",
    );
    expect(screen.getByRole("link", { name: /5 new leads to answer/ })).toHaveAttribute(
      "href",
      "/admin/leads?status=new",
    );
    expect(screen.getByRole("link", { name: /1 email undelivered/ })).toHaveAttribute("href", "/admin/emails");
    expect(screen.getByRole("link", { name: "Open the agency dashboard" })).toHaveAttribute("href", "/admin");
    expect(calls.some((c) => c.path === "/api/dashboard")).toBe(false);
  });
});
