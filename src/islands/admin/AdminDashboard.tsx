import { useEffect, useState } from 'react';
import type { AdminUser } from '../../domain/auth/sign-in.ts';
import { loadCategories, stopCategories } from '../../stores/admin-categories.ts';
import { resetProducts } from '../../stores/admin-products.ts';
import { signOut } from '../../stores/session.ts';
import AccountSection from './AccountSection.tsx';
import CatalogCsvSection from './CatalogCsvSection.tsx';
import CustomersSection from './CustomersSection.tsx';
import ErrorBoundary from './ErrorBoundary.tsx';
import HostedOrdersSection from './HostedOrdersSection.tsx';
import InboxSection from './InboxSection.tsx';
import OrdersSection from './OrdersSection.tsx';
import OverviewSection from './OverviewSection.tsx';
import PlayersSection from './PlayersSection.tsx';
import ProductsSection from './ProductsSection.tsx';
import ProtectedRoute from './ProtectedRoute.tsx';
import SettingsSection from './SettingsSection.tsx';
import StorefrontStatus from './StorefrontStatus.tsx';
import SuccessBanner from './SuccessBanner.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import { outlineButton } from './ui/styles.ts';

/** /admin-dashboard: only for a signed-in admin, and any render error ends in the spec's message. */
export default function AdminDashboard({ ordersProvider = null }: DashboardOptions) {
  return (
    <ProtectedRoute>
      {(user) => (
        <ErrorBoundary>
          <Dashboard user={user} ordersProvider={ordersProvider} />
        </ErrorBoundary>
      )}
    </ProtectedRoute>
  );
}

type DashboardOptions = {
  /** Who takes the orders when a hosted checkout does (Shopify); null when the shop does. */
  ordersProvider?: string | null;
};

function Dashboard({ user, ordersProvider }: { user: AdminUser; ordersProvider: string | null }) {
  // The categories are read as the dashboard opens; leaving it (or a render error) starts over.
  useEffect(() => {
    void loadCategories();
    return () => {
      stopCategories();
      resetProducts();
    };
  }, []);

  return (
    <div className="grid gap-6 pb-20">
      <AdminHeader email={user.email} />
      <OverviewSection />
      <StorefrontStatus />
      <ProductsSection />
      <PlayersSection />
      <CatalogCsvSection />
      {ordersProvider ? <HostedOrdersSection provider={ordersProvider} /> : <OrdersSection />}
      <CustomersSection ordersProvider={ordersProvider} />
      <InboxSection />
      <SettingsSection />
      <AccountSection />
      <SuccessBanner />
    </div>
  );
}

/** The admin's email and sign-out: the session ends on the server, then back to the login page. */
function AdminHeader({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function leave() {
    setBusy(true);
    setError('');
    const result = await signOut();
    if (result.ok) {
      window.location.replace('/admin-login');
      return;
    }
    setBusy(false);
    setError(result.message);
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-mist p-3">
        <p className="min-w-0 text-sm">
          Συνδεδεμένος ως <strong className="break-all">{email}</strong>
        </p>
        <button type="button" onClick={leave} disabled={busy} className={`${outlineButton} bg-paper`}>
          {busy ? 'Αποσύνδεση...' : 'Αποσύνδεση'}
        </button>
      </div>
      <ErrorAlert message={error} />
    </div>
  );
}
