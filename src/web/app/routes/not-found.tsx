import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { MarketingPage } from "./marketing/marketing-page";

export function Component() {
  return (
    <MarketingPage
      title="Page not found · Cogwork"
      heading="Page not found"
      lead="There is no page at this address. It may have moved, or the link may be mistyped."
      description="This page does not exist."
    >
      <div className="mt-8 flex gap-3">
        <Link to="/" className={buttonClasses()}>
          Go to the home page
        </Link>
        <Link to="/secure-dashboard" className={buttonClasses("outline")}>
          Open your dashboard
        </Link>
      </div>
    </MarketingPage>
  );
}
