import { Search } from "lucide-react";
import { useId, type InputHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { Input } from "./input";

type SearchInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange" | "id"> & {
  /** The field's accessible name ("Search clients"). */
  label: string;
  /** Shows the label above the field; otherwise only screen readers read it. */
  showLabel?: boolean;
  value: string;
  onSearch: (text: string) => void;
};

/** A search field with its magnifier: the search box of the lists that filter as one types. */
export function SearchInput({ label, showLabel = false, value, onSearch, className, ...props }: SearchInputProps) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className={showLabel ? "text-sm font-medium" : "sr-only"}>
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          value={value}
          onChange={(event) => onSearch(event.target.value)}
          {...props}
        />
      </div>
    </div>
  );
}
