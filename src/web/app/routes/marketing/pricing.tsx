import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { MarketingPage } from "./marketing-page";

export function Component() {
  return (
    <MarketingPage
      title="Pricing · Cogwork"
      heading="Monthly plans, fixed setup fees"
      lead="Each automation has a one-off setup fee agreed in your plan before we build it. A monthly plan covers running, monitoring and fixing what we built."
      description="Cogwork pricing: fixed setup fees per automation and a monthly plan for running, monitoring and support."
    >
      <div className="mt-10">
        <Link to="/contact" className={buttonClasses("default", "lg")}>
          Ask for a quote
        </Link>
      </div>
    </MarketingPage>
  );
}
