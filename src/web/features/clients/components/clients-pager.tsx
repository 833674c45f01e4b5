import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button";

/** Previous / next through the pages of the clients table. */
export function ClientsPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pages of clients" className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden /> Previous page
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page.toLocaleString("en")} of {pages.toLocaleString("en")}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
