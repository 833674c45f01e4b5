import { Link } from "react-router";
import { screenPath } from "../../../shared/routes";
import { BRAND_LINK_CLASSES, BrandMark } from "./brand-mark";

/** The logo as a link within the signed-in app (client-side navigation). */
export function Brand({ to = screenPath("/") }: { to?: string }) {
  return (
    <Link to={to} className={BRAND_LINK_CLASSES}>
      <BrandMark />
    </Link>
  );
}
