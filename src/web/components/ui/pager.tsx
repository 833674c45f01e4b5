import { ChevronLeft, ChevronRight } from "lucide-react";
import { count } from "../../lib/format";
import { Button } from "./button";

/**
 * Previous / Next through the pages of a list; the label names what is paged ("Pages of leads"),
 * and the buttons' words can say more than "Previous" and "Next" ("Next page").
 */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
  previousLabel = "Previous",
  nextLabel = "Next",
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  previousLabel?: string;
  nextLabel?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden /> {previousLabel}
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {count(page)} of {count(pages)}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel} <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
