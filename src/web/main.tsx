import "./lib/zod-jitless"; // first: Zod must be jitless before any schema is built
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createRouter } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

// The app: every page but the prerendered marketing pages, which have their own entry (marketing.tsx).
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
