import { type ReactNode, useEffect } from 'react';
import type { AdminSectionSlug } from '../../domain/admin/sections.ts';
import { loadCategories, stopCategories } from '../../stores/admin-categories.ts';
import { resetProducts } from '../../stores/admin-products.ts';
import AccountSection from './AccountSection.tsx';
import CatalogCsvSection from './CatalogCsvSection.tsx';
import CustomersSection from './CustomersSection.tsx';
import ErrorBoundary from './ErrorBoundary.tsx';
import HostedOrdersSection from './HostedOrdersSection.tsx';
import InboxSection from './InboxSection.tsx';
import MailSection from './MailSection.tsx';
import OrdersSection from './OrdersSection.tsx';
import OverviewSection from './OverviewSection.tsx';
import PlayersSection from './PlayersSection.tsx';
import ProductsSection from './ProductsSection.tsx';
import ProtectedRoute from './ProtectedRoute.tsx';
import SettingsSection from './SettingsSection.tsx';
import StorefrontStatus from './StorefrontStatus.tsx';
import SuccessBanner from './SuccessBanner.tsx';
import { ShownAlone } from './ui/Section.tsx';

type DashboardOptions = {
  /** The section this page shows (its address names it); the overview at /admin-dashboard. */
  section?: AdminSectionSlug;
  /** Who takes the orders when a hosted checkout does (Shopify); null when the shop does. */
  ordersProvider?: string | null;
};

/** Each section's part; `ordersProvider` decides whose orders and customers are shown. */
const SECTIONS: Record<AdminSectionSlug, (ordersProvider: string | null) => ReactNode> = {
  overview: () => <OverviewSection />,
  products: () => <ProductsSection />,
  orders: (provider) => (provider ? <HostedOrdersSection provider={provider} /> : <OrdersSection />),
  customers: (provider) => <CustomersSection ordersProvider={provider} />,
  players: () => <PlayersSection />,
  messages: () => <InboxSection />,
  mail: () => <MailSection />,
  csv: () => <CatalogCsvSection />,
  storefront: () => <StorefrontStatus />,
  settings: () => <SettingsSection />,
  account: () => <AccountSection />,
};

/** The sections that read the categories (teams and players). */
const WITH_CATEGORIES: ReadonlySet<AdminSectionSlug> = new Set(['products', 'players']);

/**
 * One section of the dashboard, open (each has its own page, src/domain/admin/sections.ts): only
 * for a signed-in admin, and any render error ends in the spec's message.
 */
export default function AdminDashboard({ section = 'overview', ordersProvider = null }: DashboardOptions) {
  return (
    <ProtectedRoute>
      {() => (
        <ErrorBoundary>
          <Dashboard section={section} ordersProvider={ordersProvider} />
        </ErrorBoundary>
      )}
    </ProtectedRoute>
  );
}

function Dashboard({
  section,
  ordersProvider,
}: {
  section: AdminSectionSlug;
  ordersProvider: string | null;
}) {
  // The categories are read as a section that needs them opens; leaving it (or a render error) starts over.
  useEffect(() => {
    if (!WITH_CATEGORIES.has(section)) return;
    void loadCategories();
    return () => {
      stopCategories();
      resetProducts();
    };
  }, [section]);

  return (
    <div className="grid gap-6 pb-20">
      <ShownAlone>{SECTIONS[section](ordersProvider)}</ShownAlone>
      <SuccessBanner />
    </div>
  );
}
