import "./lib/zod-jitless"; // first: Zod must be jitless before any schema is built
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { screenAccess } from "../shared/routes";
import { createRouter } from "./app/router";
import { getMeQueryOptions } from "./features/account/api/get-me";
import { checkSessionEarly } from "./features/auth/api/get-session";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

// The app: every page but the prerendered marketing pages, which have their own entry (marketing.tsx).
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
const queryClient = createQueryClient();
// No waterfall before a signed-in screen's data: the session is checked while the screen's chunks
// load, and the account (/api/me, which the signed-in frame reads first) is asked for as soon as
// the session says someone is signed in.
const session = checkSessionEarly();
const access = screenAccess(window.location.pathname);
if (access && access !== "public")
  session.then(
    (answer) => (answer?.user ? queryClient.prefetchQuery(getMeQueryOptions()) : undefined),
    () => undefined,
  );
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
