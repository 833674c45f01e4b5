import { Globe, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { LEAD_STATUS_LABELS, type TConvertLeadResponse, type TLead } from "../../../../shared/leads";
import { screenPath } from "../../../../shared/routes";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { formatDateTime } from "../../../lib/format";
import { ConvertLeadDialog } from "./convert-lead-dialog";
import { LeadNotesForm } from "./lead-notes-form";
import { LeadStatusSelect } from "./lead-status-select";

const TONES: Record<TLead["status"], StatusTone> = {
  new: "info",
  contacted: "warning",
  won: "success",
  lost: "neutral",
};

/** One lead: their message and details, its status and staff's notes, and "Convert to client". */
export function LeadCard({ lead, onConverted }: { lead: TLead; onConverted: (result: TConvertLeadResponse) => void }) {
  const headingId = `lead-${lead.id}`;
  return (
    <Card className="p-5" aria-labelledby={headingId} role="article">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold">
              {lead.name}
              {lead.company ? <span className="font-normal text-muted-foreground">{` · ${lead.company}`}</span> : null}
            </h2>
            <p className="text-xs text-muted-foreground">
              Sent <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
            </p>
          </div>
          <StatusBadge tone={TONES[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</StatusBadge>
        </div>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <li className="flex min-w-0 items-center gap-1.5">
            <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <a href={`mailto:${lead.email}`} className="break-all text-primary hover:underline">
              {lead.email}
            </a>
          </li>
          {lead.phone ? (
            <li className="flex items-center gap-1.5">
              <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className="text-primary hover:underline">
                {lead.phone}
              </a>
            </li>
          ) : null}
          {lead.website ? (
            <li className="flex min-w-0 items-center gap-1.5">
              <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {/^https?:\/\//i.test(lead.website) ? (
                <a
                  href={lead.website}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="break-all text-primary hover:underline"
                >
                  {lead.website}
                </a>
              ) : (
                <span className="break-all">{lead.website}</span>
              )}
            </li>
          ) : null}
        </ul>
        <blockquote className="rounded-md border-l-4 bg-muted/50 px-4 py-3 text-sm break-words whitespace-pre-wrap">
          {lead.message}
        </blockquote>
        <div className="grid gap-4 border-t pt-4 sm:grid-cols-[auto_1fr]">
          <LeadStatusSelect lead={lead} />
          <LeadNotesForm lead={lead} />
        </div>
        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          {lead.convertedCompanyId ? (
            <Link
              to={screenPath("/clients/:id", { id: lead.convertedCompanyId })}
              className={buttonClasses("outline", "sm")}
            >
              Open the client made from this lead
            </Link>
          ) : (
            <ConvertLeadDialog lead={lead} onConverted={onConverted} />
          )}
        </div>
      </div>
    </Card>
  );
}
