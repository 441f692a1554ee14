import { useId } from "react";

/** An on/off switch that posts as a checkbox would (`name=on` when on). */
export function Switch({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition ${
          checked ? "border-accent bg-accent" : "border-line bg-surface-2"
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-4 rounded-full bg-bg shadow transition-transform ${checked ? "translate-x-6" : "translate-x-1"}`}
        />
      </button>
      <label htmlFor={id} className="cursor-pointer text-sm font-medium">
        {label}
      </label>
      {checked && <input type="hidden" name={name} value="on" />}
    </div>
  );
}
