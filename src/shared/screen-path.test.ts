import { describe, expect, it } from "vitest";
import { screenAccess, screenPath } from "./routes";

describe("screenPath", () => {
  it("fills a screen's parameters and appends the query's given values", () => {
    const id = "0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978";
    expect(screenPath("/billing")).toBe("/billing");
    expect(screenPath("/clients/:id", { id })).toBe(`/clients/${id}`);
    expect(screenPath("/clients/:id", { id }, { tab: "automations" })).toBe(`/clients/${id}?tab=automations`);
    expect(screenPath("/admin/tickets", { status: "active", breached: true, companyId: undefined })).toBe(
      "/admin/tickets?status=active&breached=true",
    );
    expect(screenPath("/secure-login", { next: "/support?status=open" })).toBe(
      "/secure-login?next=%2Fsupport%3Fstatus%3Dopen",
    );
  });

  it("makes addresses of the screen it names", () => {
    const id = "0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978";
    expect(screenAccess(screenPath("/admin/plan/:id", { id }))).toBe("staff");
    expect(screenAccess(screenPath("/my-automations/:id", { id }))).toBe("signedIn");
  });
});
