import { useCallback, useEffect, useRef, useState } from 'react';

/** Success messages vanish after 3 seconds (spec sections 4 and 9). */
export const SUCCESS_MS = 3_000;

export type Success = { id: number; text: string };

/** The banner's state: `show` replaces any message still on screen and restarts the 3 s. */
export function useSuccess(): [Success | null, (text: string) => void, () => void] {
  const [success, setSuccess] = useState<Success | null>(null);
  const next = useRef(0);
  const show = useCallback((text: string) => {
    next.current += 1;
    setSuccess({ id: next.current, text });
  }, []);
  const clear = useCallback(() => setSuccess(null), []);
  return [success, show, clear];
}

/**
 * A polite live region that is always in the page, so screen readers announce each message;
 * pinned to the bottom of the screen, where a phone user's eyes and thumb already are.
 */
export default function SuccessBanner({ success, onDone }: { success: Success | null; onDone: () => void }) {
  const done = useRef(onDone);
  done.current = onDone;
  const id = success?.id;

  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(() => done.current(), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [id]);

  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
      data-testid="success-banner"
    >
      {success && (
        <p className="pointer-events-auto max-w-md rounded-card bg-success px-5 py-3 text-center font-semibold text-paper shadow-card">
          {success.text}
        </p>
      )}
    </div>
  );
}
