import { useEffect } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { MarketingPage } from "./marketing/marketing-page";

export function Component() {
  useEffect(() => {
    document.title = "Page not found · Cogwork";
  }, []);
  return (
    <MarketingPage
      heading="Page not found"
      lead="There is no page at this address. It may have moved, or the link may be mistyped."
    >
      <div className="mt-8 flex gap-3">
        <a href="/" className={buttonClasses()}>
          Go to the home page
        </a>
        <Link to="/secure-dashboard" className={buttonClasses("outline")}>
          Open your dashboard
        </Link>
      </div>
    </MarketingPage>
  );
}
