import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";
import { useLocation, useNavigation } from "react-router";
import { cn } from "../../lib/cn";
import { Input } from "./input";

type SearchInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange" | "id"> & {
  /** The field's accessible name ("Search clients"). */
  label: string;
  /** Shows the label above the field; otherwise only screen readers read it. */
  showLabel?: boolean;
  /** The search the list shows now (the address's). */
  value: string;
  /** Writes the search (to the address); called once typing pauses, never with the value it already has. */
  onSearch: (text: string) => void;
};

/** How long typing pauses before the list follows: one address change per word, not per letter. */
const SEARCH_PAUSE_MS = 250;

/**
 * A search field with its magnifier: the search box of the lists that filter as one types.
 * The field keeps what is typed itself and writes it out after a pause: bound straight to the
 * address it lost letters, since the address follows a keystroke a moment later. Leaving the
 * field (a click elsewhere, Tab) or Enter writes at once, before the click's own navigation; a
 * write still waiting is dropped when the page leaves (unmount, or a navigation to another path
 * under way), so that it can never undo a click on a link made meanwhile.
 */
export function SearchInput({ label, showLabel = false, value, onSearch, className, ...props }: SearchInputProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The timer's callback reads the address and the writer as they are when it fires.
  const latest = useRef({ value, onSearch });
  useEffect(() => {
    latest.current = { value, onSearch };
  });
  const { pathname } = useLocation();
  const leavingTo = useNavigation().location?.pathname;
  const leaving = leavingTo !== undefined && leavingTo !== pathname;

  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  const write = (next: string) => {
    cancel();
    if (next !== latest.current.value) latest.current.onSearch(next);
  };
  // The address changed by other means (Back, "Clear search"): the field shows it, unless typing is under way.
  useEffect(() => {
    if (timer.current === undefined) setText(value);
  }, [value]);
  useEffect(() => {
    if (leaving) cancel();
  }, [leaving]);
  useEffect(() => cancel, []);

  const type = (next: string) => {
    setText(next);
    cancel();
    timer.current = setTimeout(() => write(next), SEARCH_PAUSE_MS);
  };

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
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={() => timer.current !== undefined && write(text)}
          onKeyDown={(event) => event.key === "Enter" && timer.current !== undefined && write(text)}
          {...props}
        />
      </div>
    </div>
  );
}
