import { formatDateTime } from '../../domain/admin/lists.ts';
import {
  type CustomerList,
  type CustomerSummary,
  customerRangeText,
  orderCountText,
} from '../../domain/customers/customer.ts';
import { formatEuro } from '../../domain/text/money.ts';
import Pager from './ui/Pager.tsx';

type Props = {
  list: CustomerList;
  loading: boolean;
  onSelect: (customer: CustomerSummary) => void;
  onPage: (page: number) => void;
};

/** One page of customers, each a button to their orders, and the pager under it. */
export default function CustomerRows({ list, loading, onSelect, onPage }: Props) {
  return (
    <>
      <p className="text-sm text-muted">{customerRangeText(list.page, list.pageSize, list.total)}</p>
      <ul aria-label="Λίστα πελατών" aria-busy={loading} className="grid gap-2">
        {list.customers.map((customer) => (
          <li key={customer.email.toLowerCase()} data-testid="customer-row">
            <button
              type="button"
              onClick={() => onSelect(customer)}
              className="grid w-full min-w-0 gap-1 rounded-md border border-line p-3 text-left hover:bg-mist lg:grid-cols-[1fr_13rem_10rem_14rem] lg:items-center lg:gap-3"
            >
              <span className="min-w-0">
                <span className="block truncate font-bold">{customer.name}</span>
                <span className="block truncate text-sm text-muted">
                  {customer.email} · {customer.phone}
                </span>
              </span>
              <span className="text-sm">{orderCountText(customer)}</span>
              <span className="text-sm">
                Σύνολο: <span className="font-semibold tabular-nums">{formatEuro(customer.spentCents)}</span>
              </span>
              <span className="text-sm text-muted">Τελευταία: {formatDateTime(customer.lastOrderAt)}</span>
            </button>
          </li>
        ))}
      </ul>
      {list.pageCount > 1 && (
        <Pager
          label="Σελίδες πελατών"
          page={list.page}
          pageCount={list.pageCount}
          loading={loading}
          onPage={onPage}
        />
      )}
    </>
  );
}
