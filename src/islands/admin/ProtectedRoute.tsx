import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { loginPath } from '../../domain/admin/return-path.ts';
import type { AdminUser } from '../../domain/auth/sign-in.ts';
import { $session, loadSession } from '../../stores/session.ts';

/**
 * Shows its content only to a signed-in admin (spec section 2, 'Protected route'): loading text while
 * the server has not answered, and a redirect that replaces history when nobody is signed in (so Back
 * does not return to a page that would only redirect again). The sign-in page is told the address
 * asked for, and returns there. The server guards the data regardless. The session may be known
 * before this island hydrates (the top bar's asked too): its first render is still the HTML's.
 */
export default function ProtectedRoute({ children }: { children: (user: AdminUser) => ReactNode }) {
  const session = useStore($session);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    void loadSession();
  }, []);

  useEffect(() => {
    if (session.status === 'signed-out')
      window.location.replace(loginPath(`${window.location.pathname}${window.location.search}`));
  }, [session.status]);

  if (!hydrated || session.status !== 'signed-in') {
    return (
      <p role="status" aria-busy="true" className="py-10 text-center text-muted">
        Φόρτωση...
      </p>
    );
  }
  return children(session.user);
}
