// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { ChannelsCard } from "./channels-card";

// jsdom has no ResizeObserver, which Radix's checkbox uses to measure itself (browsers all have it).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const CSRF = { getCsrfToken: { body: { token: "t" } } };
const slack = {
  id: "0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a",
  kind: "slack",
  name: "Ops alerts",
  urlHint: "https://hooks.slack.com/…e2e1",
  events: ["automation.failing"],
  enabled: true,
  failingSince: null,
  disabledAt: null,
  disabledReason: null,
  createdAt: "2026-11-26T09:00:00.000Z",
};
const render = () =>
  renderScreen([{ path: "/account", element: <ChannelsCard audience="company" /> }], { at: "/account" });

describe("the alert channels card", () => {
  it("lists the channels and shows a new webhook's secret once it is added", async () => {
    const calls = fakeApi({
      ...CSRF,
      listCompanyChannels: { body: { channels: [slack] } },
      createCompanyChannel: {
        status: 201,
        body: {
          channel: { ...slack, id: "1d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a", kind: "webhook", name: "ERP" },
          secret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0",
        },
      },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Ops alerts" })).toBeVisible();
    expect(screen.getByText("https://hooks.slack.com/…e2e1")).toBeVisible();
    expect(screen.getByRole("button", { name: "Send a test to Ops alerts" })).toBeEnabled();

    await user.selectOptions(screen.getByLabelText("Type"), "Signed webhook");
    await user.type(screen.getByLabelText("Name"), "ERP");
    await user.type(screen.getByLabelText("Address"), "https://erp.example.com/hooks");
    await user.click(screen.getByRole("button", { name: "Add channel" }));
    expect(await screen.findByText("The channel “ERP” was added.")).toBeVisible();
    expect(screen.getByText("whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0")).toBeVisible();
    expect(calls.find((call) => call.method === "POST" && call.path.endsWith("/channels"))?.body).toEqual({
      kind: "webhook",
      name: "ERP",
      url: "https://erp.example.com/hooks",
      events: ["automation.failing", "automation.stale", "automation.recovered"],
    });
  });

  it("puts the server's refusal of the address under the field", async () => {
    fakeApi({
      ...CSRF,
      listCompanyChannels: { body: { channels: [] } },
      createCompanyChannel: {
        status: 400,
        body: {
          message: "The address must start with https://.",
          fields: { url: "The address must start with https://." },
        },
      },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText("No channels yet: add one below.")).toBeVisible();
    await user.type(screen.getByLabelText("Name"), "Ops");
    await user.type(screen.getByLabelText("Address"), "http://hooks.example.com/x");
    await user.click(screen.getByRole("button", { name: "Add channel" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The address must start with https://.");
    expect(screen.getByLabelText("Address")).toHaveAttribute("aria-invalid", "true");
  });
});
