import { Outlet } from "react-router";
import { AuthProvider } from "../../features/auth/auth-context";

/** Everything that needs to know who is signed in; the marketing pages stay outside it. */
export function Component() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
