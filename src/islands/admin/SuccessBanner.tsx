import { useStore } from '@nanostores/react';
import { $success } from '../../stores/admin-success.ts';

/**
 * The dashboard's success message ($success, gone after 3 s): a polite live region that is always in
 * the page, so screen readers announce each message; pinned to the bottom of the screen, where a
 * phone user's eyes and thumb already are.
 */
export default function SuccessBanner() {
  const success = useStore($success);
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
