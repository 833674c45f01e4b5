import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { UnsubscribePanel } from "../../features/account/components/unsubscribe-panel";
import { AuthPageFrame } from "../layouts/auth-page-frame";

/** Where the unsubscribe link of every alert and digest email lands; works signed out. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  useEffect(() => {
    document.title = "Unsubscribe · Cogwork";
  }, []);
  return (
    <AuthPageFrame>
      <UnsubscribePanel key={token} token={token} />
    </AuthPageFrame>
  );
}
