import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { PageChrome } from "./page-chrome";

/** The seed's loading indicator, shown while a lazily loaded screen arrives. */
export function Loading() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center text-muted-foreground">
      Loading...
    </div>
  );
}

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === "loading" ? (
        <div role="status" className="fixed inset-x-0 top-[var(--posture-offset)] z-50 flex justify-center">
          <span className="rounded-b-md bg-primary px-3 py-1 text-xs font-medium text-primary-foreground shadow">
            Loading...
          </span>
        </div>
      ) : null}
      <Outlet />
      <ScrollRestoration />
      <PageChrome />
    </>
  );
}
