// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AppProviders } from "../../app/first-screen";
import { createQueryClient } from "../../lib/query-client";
import { fakeApi } from "../../test/fake-api";
import { SIGNED_IN_CLIENT } from "../../test/session-fixtures";
import { AuthProvider, useAuth } from "./auth-context";

afterEach(cleanup);

const ann = SIGNED_IN_CLIENT;

function WhoIsSignedIn() {
  const { user, loading } = useAuth();
  return <p>{loading ? "checking" : (user?.email ?? "nobody")}</p>;
}

/** The signed-in part of the app, which leaves and comes back (the marketing pages sit outside it). */
function ComingAndGoing() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((now) => !now)}>
        Toggle
      </button>
      {shown ? (
        <AuthProvider>
          <WhoIsSignedIn />
        </AuthProvider>
      ) : null}
    </>
  );
}

describe("a page rendered on the server for a signed-in user", () => {
  it("starts its first provider with that user, and a provider mounted later checks anew", async () => {
    // Meanwhile the user has signed out: the server's session check now names no one.
    fakeApi({});
    render(
      <AppProviders queryClient={createQueryClient()} initialSession={ann}>
        <ComingAndGoing />
      </AppProviders>,
    );
    expect(screen.getByText("ann@acme.test")).toBeInTheDocument();
    expect(await screen.findByText("nobody")).toBeInTheDocument();

    act(() => fireEvent.click(screen.getByRole("button", { name: "Toggle" })));
    act(() => fireEvent.click(screen.getByRole("button", { name: "Toggle" })));
    expect(screen.queryByText("ann@acme.test")).not.toBeInTheDocument();
    expect(await screen.findByText("nobody")).toBeInTheDocument();
  });
});
