// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { ViewAsBanner } from "./view-as-banner";
import { ViewAsClientButton } from "./view-as-client-button";

const ACME = "5f0c2a8e-1d2b-4c3d-9e4f-0a1b2c3d4e5f";
const viewingAs = { companyId: ACME, companyName: "Acme Ltd", until: "2099-01-01T14:05:00.000Z" };
const READ_ONLY = "Read only: you are viewing Beta Ltd as its client. Exit to make changes.";

describe("view as client", () => {
  it("starts the view and opens the client's dashboard", async () => {
    const calls = fakeApi({ startViewAs: { body: { viewingAs } } });
    renderScreen([{ path: "/clients/:id", element: <ViewAsClientButton companyId={ACME} companyName="Acme Ltd" /> }], {
      at: `/clients/${ACME}`,
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: /^View as client/ }));
    expect(await screen.findByRole("heading", { name: "Now at /secure-dashboard" })).toBeVisible();
    expect(calls.find((c) => c.method === "POST")?.path).toBe(`/api/staff/companies/${ACME}/view-as`);
  });

  it("says why a view could not start", async () => {
    fakeApi({ startViewAs: { status: 403, body: { message: READ_ONLY } } });
    renderScreen([{ path: "/clients/:id", element: <ViewAsClientButton companyId={ACME} companyName="Acme Ltd" /> }], {
      at: `/clients/${ACME}`,
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: /^View as client/ }));
    expect(await screen.findByText(READ_ONLY)).toBeVisible();
  });

  it("shows the banner, and Exit ends the view and returns to the company's page", async () => {
    const calls = fakeApi({
      endViewAs: { body: { ended: { companyId: ACME, companyName: "Acme Ltd" } } },
    });
    const onLapsed = vi.fn();
    renderScreen([{ path: "/secure-dashboard", element: <ViewAsBanner viewingAs={viewingAs} onLapsed={onLapsed} /> }], {
      at: "/secure-dashboard",
    });
    const banner = await screen.findByRole("region", { name: "Viewing as client" });
    expect(banner).toHaveTextContent("Viewing as Acme Ltd — read only");
    expect(banner).toHaveTextContent("The view ends at 14:05 UTC.");
    await userEvent.setup().click(within(banner).getByRole("button", { name: "Exit the view of Acme Ltd" }));
    expect(await screen.findByRole("heading", { name: `Now at /clients/${ACME}` })).toBeVisible();
    expect(calls.find((c) => c.method === "DELETE")?.path).toBe("/api/staff/view-as");
    expect(onLapsed).not.toHaveBeenCalled();
  });

  it("refreshes the screens when the hour is over", () => {
    vi.useFakeTimers();
    try {
      fakeApi({});
      const onLapsed = vi.fn();
      const soon = { ...viewingAs, until: new Date(Date.now() + 5_000).toISOString() };
      renderScreen([{ path: "/", element: <ViewAsBanner viewingAs={soon} onLapsed={onLapsed} /> }], { at: "/" });
      vi.advanceTimersByTime(5_500);
      expect(onLapsed).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1_000);
      expect(onLapsed).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
