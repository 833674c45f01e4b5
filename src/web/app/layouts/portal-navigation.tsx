import {
  BellRing,
  Bot,
  Building2,
  CreditCard,
  FileClock,
  FileText,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  ListTodo,
  Map,
  Receipt,
  Tags,
  ScrollText,
  ShieldCheck,
  Ticket,
  UsersRound,
} from "lucide-react";
import { NavLink } from "react-router";
import { cn } from "../../lib/cn";

/** A portal link, highlighted while its screen is shown. */
export const navItemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );

const CLIENT_NAV = [
  { to: "/secure-dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/automation-plan", label: "Automation plan", icon: Map },
  { to: "/my-automations", label: "My automations", icon: Bot },
  { to: "/billing", label: "Billing", icon: CreditCard },
  { to: "/reports", label: "Reports", icon: FileText },
  { to: "/support", label: "Support", icon: LifeBuoy },
];
const STAFF_NAV = [
  { to: "/admin", label: "Agency dashboard", icon: ShieldCheck },
  { to: "/clients", label: "Clients", icon: Building2 },
  { to: "/admin/automations?kind=all", label: "Automations", icon: Bot },
  { to: "/admin/plan", label: "Plan queue", icon: ListTodo },
  { to: "/admin/tickets", label: "Tickets", icon: Ticket },
  { to: "/admin/leads", label: "Leads", icon: Inbox },
  { to: "/admin/invoices", label: "Invoices", icon: Receipt },
  { to: "/admin/pricing", label: "Pricing plans", icon: Tags },
  { to: "/admin/users", label: "Users", icon: UsersRound },
  { to: "/admin/notifications", label: "Alert channels", icon: BellRing },
  { to: "/admin/audit-log", label: "Audit log", icon: FileClock },
  { to: "/admin/security-log", label: "Security log", icon: ScrollText },
];

/**
 * The portal's links: a client's pages for clients (and staff viewing a client), the agency's for
 * staff, who reach one client's pages through that client (ADR 0023).
 */
export function PortalNavigation({ isStaff, onNavigate }: { isStaff: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Portal" className="flex flex-col gap-1">
      {isStaff ? (
        <>
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Agency</p>
          {STAFF_NAV.map(({ to, label, icon: Icon }) => (
            // The dashboard's link is not lit on the screens under /admin/, which have links of their own.
            <NavLink key={to} to={to} end={to === "/admin"} className={navItemClass} onClick={onNavigate}>
              <Icon className="size-4" aria-hidden /> {label}
            </NavLink>
          ))}
        </>
      ) : (
        CLIENT_NAV.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className={navItemClass} onClick={onNavigate}>
            <Icon className="size-4" aria-hidden /> {label}
          </NavLink>
        ))
      )}
    </nav>
  );
}
