// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, SERVER_ERROR } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { HourlyValue } from "./hourly-value-form";

async function changeTo(value: string) {
  renderScreen([{ path: "/secure-dashboard", element: <HourlyValue valueMinor={5000} currency="EUR" canEdit /> }], {
    at: "/secure-dashboard",
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Change the value of one hour" }));
  // The editor's code loads when "Change" is pointed at: the field may come a moment after the click.
  const input = await screen.findByRole("textbox", { name: "Value of one hour (EUR)" });
  await user.clear(input);
  await user.type(input, value);
  return user;
}

describe("hourly value form", () => {
  it("saves the new value in cents and closes the form", async () => {
    const calls = fakeApi({ updateHourlyValue: { body: { hourlyValueMinor: 6250 } } });
    const user = await changeTo("62,50");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("button", { name: "Change the value of one hour" })).toBeVisible();
    expect(calls.find((call) => call.path === "/api/company")).toMatchObject({
      method: "PATCH",
      body: { hourlyValueMinor: 6250 },
    });
  });

  it("says what to enter for an amount it cannot read, and will not save", async () => {
    const calls = fakeApi({});
    await changeTo("fifty");
    expect(screen.getByText("Enter an amount such as 50 or 62.50.")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Value of one hour (EUR)" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    expect(calls.map((call) => call.path)).not.toContain("/api/company");
  });

  it("shows a readable message when the server fails, and keeps the form open", async () => {
    fakeApi({ updateHourlyValue: SERVER_ERROR });
    const user = await changeTo("62.50");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(SERVER_ERROR.body.message)).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Value of one hour (EUR)" })).toHaveValue("62.50");
  });

  it("keeps keyboard focus in the editor and gives the amount room to be read", async () => {
    fakeApi({});
    renderScreen([{ path: "/secure-dashboard", element: <HourlyValue valueMinor={5000} currency="EUR" canEdit /> }], {
      at: "/secure-dashboard",
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Change the value of one hour" }));
    const input = await screen.findByRole("textbox", { name: "Value of one hour (EUR)" });
    expect(input).toHaveFocus();
    // Sized in characters for its value, not squeezed by the buttons beside it.
    expect(Number.parseFloat(input.style.width)).toBeGreaterThanOrEqual(12);
    expect(input.style.width).toMatch(/ch$/);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Change the value of one hour" })).toHaveFocus();
  });
});
