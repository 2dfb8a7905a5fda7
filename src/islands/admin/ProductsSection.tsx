import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { sportsByTeam } from '../../domain/admin/all-products.ts';
import { teamOfTags } from '../../domain/catalog/offers.ts';
import { sportLogo } from '../../domain/catalog/singles-menu.ts';
import { SPORTS } from '../../domain/catalog/sports.ts';
import { $categories, $categoriesError, loadCategories } from '../../stores/admin-categories.ts';
import { $editing, $sport, backToSports, cancelEdit, pickSport } from '../../stores/admin-products.ts';
import AllProductsList from './AllProductsList.tsx';
import ProductForm from './ProductForm.tsx';
import ProductList from './ProductList.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import { outlineButton } from './ui/styles.ts';

type View = 'sport' | 'all';

/**
 * 'Διαχείριση Προϊόντων': the spec's path (2a, 2b: step 1 picks a sport, then its list and the
 * add/edit form), shown first as the spec has it, and beside it the list of every product with
 * bulk actions (issue 33), one switch away.
 */
export default function ProductsSection() {
  const [view, setView] = useState<View>('sport');

  // A form open in one view does not follow to the other.
  function show(next: View) {
    if (next === view) return;
    cancelEdit();
    setView(next);
  }

  return (
    <section aria-labelledby="products-heading" className="grid gap-4">
      <h2 id="products-heading" className="text-xl font-bold">
        Διαχείριση Προϊόντων
      </h2>
      <CategoriesError />
      <fieldset className="m-0 grid min-w-0 grid-cols-2 gap-2 border-0 p-0 sm:flex">
        <legend className="sr-only">Προβολή προϊόντων</legend>
        <ViewButton pressed={view === 'sport'} onClick={() => show('sport')}>
          Ανά άθλημα
        </ViewButton>
        <ViewButton pressed={view === 'all'} onClick={() => show('all')}>
          Όλα τα προϊόντα
        </ViewButton>
      </fieldset>
      {view === 'sport' ? <BySport /> : <Everything />}
    </section>
  );
}

function ViewButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`min-h-11 rounded-full border px-5 font-semibold ${pressed ? 'border-ink bg-ink text-paper' : 'border-line hover:bg-mist'}`}
    >
      {children}
    </button>
  );
}

/**
 * Every product, and the form for the one being edited: its team's sport offers that sport's teams,
 * a product without one (a pack, a LOT) every sport's.
 */
function Everything() {
  const editing = useStore($editing);
  const { categories } = useStore($categories);
  const sport = editing ? sportsByTeam(categories)(teamOfTags(editing.tags)) : null;
  return (
    <>
      <AllProductsList />
      {editing && <ProductForm sport={sport} />}
    </>
  );
}

/** The spec's path: the sport tiles, then the sport's list and the add/edit form. */
function BySport() {
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

  return sport === null ? (
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
