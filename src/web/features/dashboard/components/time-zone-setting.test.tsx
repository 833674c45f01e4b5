// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { TimeZoneSetting } from "./time-zone-setting";

const show = (canEdit: boolean) =>
  renderScreen(
    [{ path: "/secure-dashboard", element: <TimeZoneSetting timeZone="America/Los_Angeles" canEdit={canEdit} /> }],
    {
      at: "/secure-dashboard",
    },
  );

describe("time zone setting", () => {
  it("the owner picks another zone; the request names it and focus returns to Change", async () => {
    const calls = fakeApi({ updateTimeZone: { body: { timeZone: "Europe/Berlin" } } });
    show(true);
    expect(screen.getByText("Days and months in America/Los Angeles time.")).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change the time zone" }));
    // The editor's code loads when "Change" is pointed at: it may come a moment after the click, and takes focus then.
    const select = await screen.findByRole("combobox", { name: "Time zone" });
    expect(select).toHaveFocus();
    expect(screen.getByRole("button", { name: "Save time zone" })).toBeDisabled();
    await user.selectOptions(select, "Europe/Berlin");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect(await screen.findByRole("button", { name: "Change the time zone" })).toHaveFocus();
    expect(calls.find((call) => call.path === "/api/company/time-zone")).toMatchObject({
      method: "PUT",
      body: { timeZone: "Europe/Berlin" },
    });
  });

  it("a member sees the zone and no way to change it", () => {
    fakeApi({});
    show(false);
    expect(screen.getByText("Days and months in America/Los Angeles time.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Change the time zone" })).toBeNull();
  });
});
