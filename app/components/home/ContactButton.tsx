import type { ReactNode } from "react";
import { CONTACT_DIALOG_ID } from "./ContactDialog.tsx";

/**
 * A button that opens the page's contact dialog (`ContactDialog`, rendered
 * once by the page). The page script opens it (`data-opens-dialog`), so the
 * button answers before the page has hydrated as well as after.
 */
export function ContactButton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <button type="button" aria-haspopup="dialog" data-opens-dialog={CONTACT_DIALOG_ID} className={className}>
      {children}
    </button>
  );
}
