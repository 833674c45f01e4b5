import { useState, type ComponentProps } from "react";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Input } from "./input";

/** Typed text to minor units: "" → undefined (the schema says "Required"), not a number → NaN (it says so). */
function toMinor(text: string): number | undefined {
  const typed = text.trim().replace(",", ".");
  if (typed === "") return undefined;
  const major = Number(typed);
  return Number.isNaN(major) ? Number.NaN : Math.round(major * 100);
}
const toText = (minor: unknown) => (typeof minor === "number" && !Number.isNaN(minor) ? (minor / 100).toFixed(2) : "");

/**
 * An amount typed in major units ("900.50", a comma accepted as the decimal mark) and kept in the
 * form in integer minor units (90050), the way every money field of the API takes it.
 */
export function MoneyInput<T extends FieldValues>({
  control,
  name,
  ...field
}: { control: Control<T>; name: FieldPath<T> } & Omit<ComponentProps<typeof Input>, "name" | "value" | "onChange">) {
  const {
    field: { ref, name: fieldName, onBlur, onChange, value },
  } = useController({ control, name });
  // The text is this input's own from its first value on (react-hook-form answers an emptied
  // field with its default value, so the two cannot be kept in step): remount it to start afresh.
  const [text, setText] = useState(() => toText(value));
  return (
    <Input
      {...field}
      inputMode="decimal"
      name={fieldName}
      ref={ref}
      onBlur={onBlur}
      value={text}
      onChange={(event) => {
        const minor = toMinor(event.target.value);
        setText(event.target.value);
        onChange(minor);
      }}
    />
  );
}
