import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { NEEDS_APP, useFinishPendingPress } from "~/first-paint/app-activation.ts";

// The dialog's code loads with the first opening: most visitors never open it.
const LazyContactDialog = lazy(() => import("./ContactDialog.tsx").then((m) => ({ default: m.ContactDialog })));

/**
 * A button that opens the contact dialog. The dialog is only rendered while
 * open, so the page's HTML stays lean however many buttons there are. A
 * press before the page has hydrated opens it once it has.
 */
export function ContactButton({ className, children }: { className: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useFinishPendingPress(button, () => setOpen(true));
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        className={className}
        onClick={() => setOpen(true)}
        {...NEEDS_APP}
      >
        {children}
      </button>
      {open && (
        <Suspense>
          <LazyContactDialog
            onClosed={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
