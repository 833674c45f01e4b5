// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { NotificationsCard } from "./notifications-card";

// jsdom has no ResizeObserver, which Radix's checkbox uses to measure itself (browsers all have it).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const CSRF = { getCsrfToken: { body: { token: "t" } } };
const render = (receivesDigest = true) =>
  renderScreen([{ path: "/account", element: <NotificationsCard receivesDigest={receivesDigest} /> }], {
    at: "/account",
  });

describe("the Notifications card", () => {
  it("shows the saved choice and sends the new one", async () => {
    const calls = fakeApi({
      ...CSRF,
      getNotificationPreferences: { body: { alerts: "failures", weeklyDigest: true, monthlyReport: true } },
      updateNotificationPreferences: { body: { alerts: "none", weeklyDigest: false, monthlyReport: false } },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole("radio", { name: "Failures only" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "All alerts" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Weekly digest" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "No alerts" }));
    await user.click(screen.getByRole("checkbox", { name: "Weekly digest" }));
    expect(screen.getByRole("checkbox", { name: "Monthly report" })).toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: "Monthly report" }));
    await user.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByText("Your email preferences were saved.")).toBeVisible();
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      alerts: "none",
      weeklyDigest: false,
      monthlyReport: false,
    });
  });

  it("says why a save failed, and offers no digest to staff", async () => {
    fakeApi({
      ...CSRF,
      getNotificationPreferences: { body: { alerts: "all", weeklyDigest: true, monthlyReport: true } },
      updateNotificationPreferences: { status: 503, body: { message: "The database is briefly unavailable." } },
    });
    render(false);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Save preferences" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The database is briefly unavailable.");
    expect(screen.queryByRole("checkbox", { name: "Weekly digest" })).toBeNull();
    // Staff get each client's monthly report, so they choose it too.
    expect(screen.getByRole("checkbox", { name: "Monthly report" })).toBeChecked();
  });
});
