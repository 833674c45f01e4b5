import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { Toaster } from "sonner";
import { afterEach } from "vitest";
import { AuthProvider } from "../features/auth/auth-context";
import { createQueryClient } from "../lib/query-client";
import type { ReactNode } from "react";

// The screens' tests read dates as a browser set to British English shows them (src/web/lib/format.ts
// follows the browser's locale); jsdom's own is en-US.
Object.defineProperty(window.navigator, "languages", { value: ["en-GB", "en"], configurable: true });
Object.defineProperty(window.navigator, "language", { value: "en-GB", configurable: true });

afterEach(() => {
  cleanup();
  // The CSRF token of one test's session must not follow the next test.
  sessionStorage.clear();
});

/** Where the app went: rendered by every screen the tests do not render themselves. */
function Elsewhere() {
  const { pathname } = useLocation();
  return <h1>Now at {pathname}</h1>;
}

/**
 * Renders screens as the app does (query client, toasts, the signed-in context around them),
 * starting at `at`. Any other address shows "Now at <path>", so a redirect is visible.
 */
export function renderScreen(routes: { path: string; element: ReactNode }[], { at }: { at: string }) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [...routes, { path: "*", element: <Elsewhere /> }],
      },
    ],
    { initialEntries: [at] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}
