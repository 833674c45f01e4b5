// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { SecurityLog } from "./security-log";
import type { TSecurityEvent } from "../../../../shared/security";

const event = (n: number, overrides: Partial<TSecurityEvent> = {}): TSecurityEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  type: "sign_in_failed",
  message: `Wrong password ${n}`,
  userId: null,
  email: "ann@acme.test",
  ip: "203.0.113.5",
  path: "/api/auth/sign-in/email",
  details: null,
  count: 1,
  createdAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

function Where() {
  const { search } = useLocation();
  return <output aria-label="Address bar">{search}</output>;
}

function renderLog(at: string) {
  const calls = fakeApi({
    listSecurityEvents: () => {
      const search = calls.at(-1)?.query ?? "";
      return search.includes("cursor=")
        ? { body: { events: [event(3, { message: "Oldest", type: "rate_limited", count: 40 })], nextCursor: null } }
        : { body: { events: [event(1), event(2)], nextCursor: "next-page" } };
    },
  });
  renderScreen(
    [
      {
        path: "/admin/security-log",
        element: (
          <>
            <SecurityLog />
            <Where />
          </>
        ),
      },
    ],
    { at },
  );
  return { calls, user: userEvent.setup() };
}

describe("security log screen", () => {
  it("lists the events, and shows older ones on request", async () => {
    const { calls, user } = renderLog("/admin/security-log");
    const table = await screen.findByRole("region", { name: "Security events" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent(
      "1 Mar 2026, 10:00:00 UTCFailed sign-inWrong password 1ann@acme.test203.0.113.5/api/auth/sign-in/email1",
    );
    await user.click(screen.getByRole("button", { name: "Show older" }));
    expect(await within(table).findByText("Oldest")).toBeVisible();
    expect(calls.at(-1)?.query).toBe("?cursor=next-page");
    expect(screen.queryByRole("button", { name: "Show older" })).toBeNull();
    expect(screen.getByText("3 events shown, the oldest included")).toBeVisible();
  });

  it("applies the filters together and keeps them in the URL", async () => {
    const { calls, user } = renderLog("/admin/security-log?type=user_banned");
    expect(await screen.findByLabelText("Type")).toHaveValue("user_banned");
    await user.selectOptions(screen.getByLabelText("Type"), "sign_in_failed");
    await user.type(screen.getByLabelText("User (email or id)"), "ann@acme.test");
    await user.type(screen.getByLabelText("Address"), "203.0.113.5");
    await user.type(screen.getByLabelText("From (UTC)"), "2026-03-01");
    expect(calls.filter((c) => c.path === "/api/admin/security-events")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    const expected = "?type=sign_in_failed&from=2026-03-01&user=ann%40acme.test&ip=203.0.113.5";
    expect(await screen.findByLabelText("Address bar")).toHaveTextContent(expected);
    expect(calls.at(-1)?.query).toBe(expected);

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getByLabelText("Address bar")).toHaveTextContent(/^$/);
    expect(screen.getByLabelText("Type")).toHaveValue("");
  });
});
