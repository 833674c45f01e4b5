import { MarketingPage } from "./marketing-page";

export function Component() {
  return (
    <MarketingPage
      title="Contact · Cogwork"
      heading="Tell us what takes your team too long"
      lead="Describe a process that eats your week and we will tell you honestly whether automating it pays off. Existing clients reach us fastest through Support in the portal."
      description="Contact Cogwork about automating your business processes."
    />
  );
}
