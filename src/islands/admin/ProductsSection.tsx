import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { sportLogo } from '../../domain/catalog/singles-menu.ts';
import { SPORTS } from '../../domain/catalog/sports.ts';
import { $categoriesError, loadCategories } from '../../stores/admin-categories.ts';
import { $sport, backToSports, pickSport } from '../../stores/admin-products.ts';
import ProductForm from './ProductForm.tsx';
import ProductList from './ProductList.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import { outlineButton } from './ui/styles.ts';

/** 'Διαχείριση Προϊόντων' (spec 2a, 2b): step 1 picks a sport, then its list and the add/edit form. */
export default function ProductsSection() {
  const sport = useStore($sport);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const movedBack = useRef(false);

  // Back to the tiles (the list and form unmount, forgetting their state), from the top.
  function goBack() {
    movedBack.current = true;
    backToSports();
    window.scrollTo({ top: 0 });
  }

  useEffect(() => {
    if (sport === null && movedBack.current) {
      movedBack.current = false;
      stepHeading.current?.focus({ preventScroll: true });
    }
  }, [sport]);

  return (
    <section aria-labelledby="products-heading" className="grid gap-4">
      <h2 id="products-heading" className="text-xl font-bold">
        Διαχείριση Προϊόντων
      </h2>
      <CategoriesError />
      {sport === null ? (
        <div className="grid gap-3">
          <h3 ref={stepHeading} tabIndex={-1} className="text-lg font-semibold">
            Βήμα 1: Επιλέξτε άθλημα
          </h3>
          <SportTiles />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-lg font-semibold">
              <img src={sportLogo(sport)} alt="" width={32} height={32} className="size-8 object-contain" />
              Άθλημα: {sport}
            </p>
            <button type="button" onClick={goBack} className={outlineButton}>
              ← Πίσω στα αθλήματα
            </button>
          </div>
          <ProductList sport={sport} />
          <ProductForm sport={sport} />
        </>
      )}
    </section>
  );
}

function SportTiles() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {SPORTS.map((option) => (
        <li key={option}>
          <button
            type="button"
            onClick={() => pickSport(option)}
            className="grid min-h-32 w-full place-items-center gap-2 rounded-card border border-line bg-paper p-4 font-bold shadow-card hover:border-ink"
          >
            <img src={sportLogo(option)} alt="" width={64} height={64} className="size-16 object-contain" />
            {option}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The categories' error, with a way to read them again. */
function CategoriesError() {
  const error = useStore($categoriesError);
  if (!error) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ErrorAlert message={error} />
      <button type="button" onClick={() => void loadCategories()} className={outlineButton}>
        Δοκιμάστε ξανά
      </button>
    </div>
  );
}
