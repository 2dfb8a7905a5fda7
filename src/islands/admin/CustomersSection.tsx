import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  type CustomerList,
  type CustomerSort,
  type CustomerSummary,
} from '../../domain/customers/customer.ts';
import { CUSTOMERS_CSV_PATH, listCustomers } from '../../stores/admin-customers.ts';
import CustomerOrders from './CustomerOrders.tsx';
import CustomerRows from './CustomerRows.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Field from './ui/Field.tsx';
import Section from './ui/Section.tsx';
import { pagerButton, textInput } from './ui/styles.ts';

const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  /** Who takes the orders when a hosted checkout does (Shopify); null when the shop does. */
  ordersProvider?: string | null;
};

/**
 * Collapsible 'Πελάτες' (decision 086): the shop's customers built from its orders, searched,
 * sorted and paged on the server, each opening their orders; a CSV of them all. With a hosted
 * checkout the customers are the provider's, and the section says so.
 */
export default function CustomersSection({ ordersProvider = null }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Section title="Πελάτες" look="bar" open={open} onToggle={setOpen}>
      {open &&
        (ordersProvider ? (
          <p className="text-sm text-muted">{CUSTOMER_MESSAGES.unavailable(ordersProvider)}</p>
        ) : (
          <CustomersBrowser />
        ))}
    </Section>
  );
}

/** The list and its controls, or one customer's orders; read afresh on every opening. */
function CustomersBrowser() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CustomerSort>('recent');
  const [list, setList] = useState<CustomerList | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<CustomerSummary | null>(null);
  const latest = useRef(0);

  const load = useCallback(async (text: string, order: CustomerSort, page: number) => {
    const ticket = ++latest.current;
    setLoading(true);
    const result = await listCustomers({ search: text, sort: order, page, pageSize: CUSTOMER_PAGE_SIZE });
    if (ticket !== latest.current) return;
    setLoading(false);
    if (result.ok) {
      setList(result.data);
      setError('');
    } else setError(`Αποτυχία φόρτωσης πελατών: ${result.error.message}`);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void load(search, sort, 1), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [search, sort, load]);

  if (selected) {
    // Back from the orders, the sums may have moved (an order cancelled there): read the page again.
    const back = () => {
      setSelected(null);
      void load(search, sort, list?.page ?? 1);
    };
    return <CustomerOrders customer={selected} onBack={back} />;
  }

  return (
    <>
      <CustomerControls search={search} sort={sort} onSearch={setSearch} onSort={setSort} />
      <ErrorAlert message={error} />
      {!list && loading && <p className="text-muted">Φόρτωση...</p>}
      {list && list.total === 0 && (
        <p className="text-muted">{search.trim() ? CUSTOMER_MESSAGES.noMatch : CUSTOMER_MESSAGES.empty}</p>
      )}
      {list && list.customers.length > 0 && (
        <CustomerRows
          list={list}
          loading={loading}
          onSelect={setSelected}
          onPage={(page) => void load(search, sort, page)}
        />
      )}
    </>
  );
}

function CustomerControls(props: {
  search: string;
  sort: CustomerSort;
  onSearch: (search: string) => void;
  onSort: (sort: CustomerSort) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_18rem] sm:items-end">
      <Field id="customers-search" label="Αναζήτηση (όνομα, email ή τηλέφωνο)">
        {(control) => (
          <input
            {...control}
            type="search"
            value={props.search}
            maxLength={100}
            onChange={(event) => props.onSearch(event.target.value)}
            className={textInput}
          />
        )}
      </Field>
      <Field id="customers-sort" label="Ταξινόμηση">
        {(control) => (
          <select
            {...control}
            value={props.sort}
            onChange={(event) => props.onSort(event.target.value as CustomerSort)}
            className={textInput}
          >
            {CUSTOMER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {CUSTOMER_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <a href={CUSTOMERS_CSV_PATH} download className={`${pagerButton} inline-flex w-fit items-center`}>
        Εξαγωγή πελατών σε CSV
      </a>
    </div>
  );
}
