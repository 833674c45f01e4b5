// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, SERVER_ERROR } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { ContactForm } from "./contact-form";

async function sendWith(values: { name: string; email: string; message: string }) {
  renderScreen([{ path: "/contact", element: <ContactForm /> }], { at: "/contact" });
  const user = userEvent.setup();
  if (values.name) await user.type(await screen.findByRole("textbox", { name: "Name" }), values.name);
  if (values.email) await user.type(screen.getByRole("textbox", { name: "Work email" }), values.email);
  if (values.message) await user.type(screen.getByRole("textbox", { name: /What should we automate/ }), values.message);
  await user.click(screen.getByRole("button", { name: "Send message" }));
}

const VALID = {
  name: "Erin Client",
  email: "erin@client.test",
  message: "Copy paid invoices from the shop into our ledger.",
};

describe("contact form", () => {
  it("sends the message and shows a lasting confirmation in place of the form, with focus on it", async () => {
    const calls = fakeApi({ sendContact: { body: { ok: true } } });
    await sendWith(VALID);
    const heading = await screen.findByRole("heading", { name: "Thank you, your message is on its way" });
    expect(heading).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent(/We sent a confirmation to erin@client.test/);
    expect(screen.queryByRole("form", { name: "Contact us" })).toBeNull();
    // Still there later: not a toast that fades.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("heading", { name: "Thank you, your message is on its way" })).toBeVisible();
    await userEvent.setup().click(screen.getByRole("button", { name: "Write another message" }));
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("");
    expect(calls.find((call) => call.path === "/api/contact")?.body).toMatchObject({
      name: VALID.name,
      email: VALID.email,
      message: VALID.message,
    });
  });

  it("shows the seed's messages beside the fields and sends nothing", async () => {
    const calls = fakeApi({});
    await sendWith({ name: "", email: "not-an-email", message: "" });
    expect(await screen.findByText("Invalid email")).toBeVisible();
    expect(screen.getAllByText("Required")).toHaveLength(2);
    expect(calls.map((call) => call.path)).not.toContain("/api/contact");
  });

  it("puts the server's field messages beside the fields", async () => {
    fakeApi({
      sendContact: {
        status: 400,
        body: { message: "Invalid input", fields: { message: "String must contain at most 2000 character(s)" } },
      },
    });
    await sendWith(VALID);
    expect(await screen.findByText("String must contain at most 2000 character(s)")).toBeVisible();
  });

  it("shows a readable message when the server fails, and keeps what was typed", async () => {
    fakeApi({ sendContact: SERVER_ERROR });
    await sendWith(VALID);
    expect(await screen.findByText(SERVER_ERROR.body.message)).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue(VALID.name);
  });
});
