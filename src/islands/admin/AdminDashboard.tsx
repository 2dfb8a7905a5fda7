import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminUser } from '../../domain/auth/sign-in.ts';
import type { Category } from '../../domain/catalog/category.ts';
import { sportLogo } from '../../domain/catalog/singles-menu.ts';
import { SPORTS, type Sport } from '../../domain/catalog/sports.ts';
import { type AdminProduct, listCategories } from '../../stores/admin-api.ts';
import { signOut } from '../../stores/session.ts';
import AccountSection from './AccountSection.tsx';
import CatalogCsvSection from './CatalogCsvSection.tsx';
import ErrorBoundary from './ErrorBoundary.tsx';
import HostedOrdersSection from './HostedOrdersSection.tsx';
import InboxSection from './InboxSection.tsx';
import OrdersSection from './OrdersSection.tsx';
import PlayersSection from './PlayersSection.tsx';
import ProductForm from './ProductForm.tsx';
import ProductList from './ProductList.tsx';
import ProtectedRoute from './ProtectedRoute.tsx';
import StorefrontStatus from './StorefrontStatus.tsx';
import SuccessBanner, { useSuccess } from './SuccessBanner.tsx';

/** If no categories arrive within 3 seconds an error is shown (spec sections 4 and 9). */
const CATEGORIES_TIMEOUT_MS = 3_000;
const CATEGORIES_MISSING = 'Οι κατηγορίες δεν φορτώθηκαν. Ελέγξτε τη σύνδεση ή τα δεδομένα.';

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

/** The category documents for the team dropdowns; an empty answer counts as none arriving. */
function useCategories() {
  const [categories, setCategories] = useState<Category[]>([]);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only asks for a fresh read.
  useEffect(() => {
    let active = true;
    let arrived = false;
    setError('');
    const timer = setTimeout(() => {
      if (active && !arrived) setError(CATEGORIES_MISSING);
    }, CATEGORIES_TIMEOUT_MS);
    void listCategories().then((result) => {
      if (!active) return;
      if (!result.ok) {
        arrived = true;
        setError(`Αποτυχία φόρτωσης κατηγοριών: ${result.error.message}`);
      } else if (result.data.categories.length > 0) {
        arrived = true;
        setCategories(result.data.categories);
        setError('');
      }
    });
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { categories, error, reload };
}

const outlineButton =
  'min-h-11 rounded-full border border-line px-5 font-semibold hover:bg-mist disabled:opacity-50';

function Dashboard({ user, ordersProvider }: { user: AdminUser; ordersProvider: string | null }) {
  const { categories, error: categoriesError, reload: reloadCategories } = useCategories();
  const [sport, setSport] = useState<Sport | null>(null);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [success, showSuccess, clearSuccess] = useSuccess();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const movedBack = useRef(false);

  // Back to the tiles: forget the sport and every form state (the list and form unmount), from the top.
  function backToSports() {
    setSport(null);
    setEditing(null);
    movedBack.current = true;
    window.scrollTo({ top: 0 });
  }

  useEffect(() => {
    if (sport === null && movedBack.current) {
      movedBack.current = false;
      stepHeading.current?.focus({ preventScroll: true });
    }
  }, [sport]);

  return (
    <div className="grid gap-6 pb-20">
      <AdminHeader email={user.email} />
      <StorefrontStatus />

      <section aria-labelledby="products-heading" className="grid gap-4">
        <h2 id="products-heading" className="text-xl font-bold">
          Διαχείριση Προϊόντων
        </h2>
        {categoriesError && (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="font-semibold text-danger">
              {categoriesError}
            </p>
            <button type="button" onClick={reloadCategories} className={outlineButton}>
              Δοκιμάστε ξανά
            </button>
          </div>
        )}
        {sport === null ? (
          <div className="grid gap-3">
            <h3 ref={stepHeading} tabIndex={-1} className="text-lg font-semibold">
              Βήμα 1: Επιλέξτε άθλημα
            </h3>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {SPORTS.map((option) => (
                <li key={option}>
                  <button
                    type="button"
                    onClick={() => setSport(option)}
                    className="grid min-h-32 w-full place-items-center gap-2 rounded-card border border-line bg-paper p-4 font-bold shadow-card hover:border-ink"
                  >
                    <img
                      src={sportLogo(option)}
                      alt=""
                      width={64}
                      height={64}
                      className="size-16 object-contain"
                    />
                    {option}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="flex items-center gap-2 text-lg font-semibold">
                <img src={sportLogo(sport)} alt="" width={32} height={32} className="size-8 object-contain" />
                Άθλημα: {sport}
              </p>
              <button type="button" onClick={backToSports} className={outlineButton}>
                ← Πίσω στα αθλήματα
              </button>
            </div>
            <ProductList
              sport={sport}
              reloadKey={reloadKey}
              onEdit={setEditing}
              onDeleted={(message, product) => {
                showSuccess(message);
                if (editing?.id === product.id) setEditing(null);
              }}
            />
            <ProductForm
              sport={sport}
              categories={categories}
              editing={editing}
              onSaved={(message) => {
                showSuccess(message);
                setEditing(null);
                setReloadKey((count) => count + 1);
              }}
              onCancel={() => setEditing(null)}
            />
          </>
        )}
      </section>

      <PlayersSection categories={categories} onChanged={reloadCategories} />
      <CatalogCsvSection />
      {ordersProvider ? <HostedOrdersSection provider={ordersProvider} /> : <OrdersSection />}
      <InboxSection />
      <AccountSection onSuccess={showSuccess} />
      <SuccessBanner success={success} onDone={clearSuccess} />
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
      {error && (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
