import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';

/** Tailwind's `lg` breakpoint: from here on the filters are a sidebar, below it a dialog. */
const WIDE = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the filters show as a dialog: below `lg`, once hydrated. The server's HTML (and so the
 * first render) is the plain form, which is what a phone without script shows.
 */
function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !window.matchMedia(WIDE).matches,
    () => false,
  );
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), summary';

/**
 * The phone filter panel: a native modal <dialog> (the page behind is inert), opened by the
 * «Φίλτρα» button. Focus moves into it and back to that button however it closes (its buttons,
 * Escape, a tap on the backdrop); Tab stays inside; the page does not scroll behind it.
 */
export function useFilterDialog() {
  const phone = usePhoneLayout();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const firstFocus = useRef<HTMLButtonElement>(null);
  const locked = useRef(false);

  // Widened past `lg` with the panel open, the dialog goes away without a close event.
  useEffect(() => {
    if (!phone) lockScroll(locked, false);
  }, [phone]);
  useEffect(() => () => lockScroll(locked, false), []);

  const open = () => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    lockScroll(locked, true);
    firstFocus.current?.focus();
  };

  const close = () => dialog.current?.close();

  const dialogProps = {
    ref: dialog,
    onClose: () => {
      lockScroll(locked, false);
      opener.current?.focus();
    },
    // The backdrop is the dialog itself; its content covers the rest.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) close();
    },
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key === 'Tab') trapTab(event);
    },
  };

  return { phone, opener, firstFocus, open, close, dialogProps };
}

/** The page does not scroll behind the open panel; `locked` says whether this panel locked it. */
function lockScroll(locked: RefObject<boolean>, lock: boolean) {
  if (locked.current === lock) return;
  locked.current = lock;
  document.documentElement.style.overflow = lock ? 'hidden' : '';
}

/** The modal makes the page inert, but Tab would still wander off into the browser's own UI. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  // Fields inside the closed «Στοιχεία κάρτας» (or hidden otherwise) take no focus.
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) =>
    element.checkVisibility(),
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
