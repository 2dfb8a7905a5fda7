import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import type { AdminUser } from '../../domain/auth/sign-in.ts';
import { $session, loadSession } from '../../stores/session.ts';

/**
 * Shows its content only to a signed-in admin (spec section 2, 'Protected route'): loading text while
 * the server has not answered, and a redirect that replaces history when nobody is signed in (so Back
 * does not return to a page that would only redirect again). The server guards the data regardless.
 */
export default function ProtectedRoute({ children }: { children: (user: AdminUser) => ReactNode }) {
  const session = useStore($session);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (session.status === 'signed-out') window.location.replace('/admin-login');
  }, [session.status]);

  if (session.status !== 'signed-in') {
    return (
      <p role="status" aria-busy="true" className="py-10 text-center text-muted">
        Φόρτωση...
      </p>
    );
  }
  return children(session.user);
}
