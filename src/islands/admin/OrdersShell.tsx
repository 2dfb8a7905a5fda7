import type { ReactNode } from 'react';

/** The collapsible 'Παραγγελίες' section, whichever backend takes the orders; open shows `children`. */
export default function OrdersShell({
  open,
  onToggle,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="orders-heading" className="rounded-card border border-line shadow-card">
      <h2 id="orders-heading">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="orders-panel"
          onClick={onToggle}
          className="flex min-h-12 w-full items-center justify-between gap-3 rounded-card px-4 text-left text-lg font-bold hover:bg-mist"
        >
          Παραγγελίες
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
            ›
          </span>
        </button>
      </h2>
      {open && (
        <div id="orders-panel" className="grid gap-4 border-t border-line p-4">
          {children}
        </div>
      )}
    </section>
  );
}
