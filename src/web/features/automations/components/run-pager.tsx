import { Button } from "../../../components/ui/button";

/** Newer / Older through the pages of runs. */
export function RunPager({
  page,
  pages,
  update,
}: {
  page: number;
  pages: number;
  update: (changes: Record<string, string | undefined>) => void;
}) {
  return (
    <nav aria-label="Pages of runs" className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
        Newer
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page} of {pages.toLocaleString("en")}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
        Older
      </Button>
    </nav>
  );
}
