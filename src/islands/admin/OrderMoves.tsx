import { type SubmitEvent, useState } from 'react';
import { CANCEL_ORDER_CONFIRM } from '../../domain/admin/lists.ts';
import { CARRIER_IDS, CARRIERS } from '../../domain/orders/carriers.ts';
import { MOVE_LABELS, nextStatuses, undoTarget } from '../../domain/orders/lifecycle.ts';
import type { Order, OrderStatus } from '../../domain/orders/order.ts';
import type { ShipmentInput } from '../../stores/admin-api.ts';

const base = 'min-h-11 rounded-full border px-4 font-semibold disabled:opacity-50';
const FORWARD = `${base} border-ink bg-ink text-paper hover:bg-ink-soft`;
const CANCEL = `${base} border-danger text-danger hover:bg-mist`;
const QUIET = `${base} border-line hover:bg-mist`;

type Move = { status: Exclude<OrderStatus, 'pending'>; shipment?: ShipmentInput; reason?: string };
type Props = { order: Order; busy: boolean; onMove: (move: Move) => void; onUndo: () => void };

/** Whether the order's last move can be undone now (lifecycle.ts). */
function canUndo(order: Order): boolean {
  const live = order.history.filter((event) => event.undoneAt === null);
  const last = live.at(-1);
  const before = live.at(-2);
  return Boolean(last && before && undoTarget(order, before.status, last.status));
}

/**
 * The moves an order may make now, and nothing else (decision 082): the next step of its path
 * (shipping asks for the courier and the parcel number), cancelling (with a reason, after a
 * confirmation), and undoing the last move while that is safe.
 */
export default function OrderMoves({ order, busy, onMove, onUndo }: Props) {
  const [shipping, setShipping] = useState(false);
  const next = nextStatuses(order).filter((status): status is Move['status'] => status !== 'pending');

  function cancel() {
    if (!window.confirm(CANCEL_ORDER_CONFIRM)) return;
    const reason = window.prompt('Αιτία ακύρωσης (προαιρετικό, τη βλέπει ο πελάτης):') ?? '';
    onMove({ status: 'cancelled', ...(reason.trim() ? { reason: reason.trim() } : {}) });
  }

  if (shipping)
    return (
      <ShipmentForm
        busy={busy}
        onCancel={() => setShipping(false)}
        onShip={(shipment) => onMove({ status: 'shipped', shipment })}
      />
    );
  return (
    <div className="flex flex-wrap gap-2">
      {next.map((status) => (
        <button
          key={status}
          type="button"
          disabled={busy}
          className={status === 'cancelled' ? CANCEL : FORWARD}
          onClick={() => {
            if (status === 'cancelled') cancel();
            else if (status === 'shipped') setShipping(true);
            else onMove({ status });
          }}
        >
          {MOVE_LABELS[status]}
        </button>
      ))}
      {canUndo(order) && (
        <button type="button" disabled={busy} className={QUIET} onClick={onUndo}>
          Αναίρεση τελευταίας αλλαγής
        </button>
      )}
    </div>
  );
}

function ShipmentForm(props: {
  busy: boolean;
  onShip: (shipment: ShipmentInput) => void;
  onCancel: () => void;
}) {
  const [carrier, setCarrier] = useState<string>('acs');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrierName, setCarrierName] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onShip({ carrier, trackingNumber, ...(carrier === 'other' ? { carrierName } : {}) });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-md border border-line p-3 sm:grid-cols-2">
      <label className="grid gap-1 text-sm font-semibold">
        Μεταφορική εταιρεία
        <select
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
          className="min-h-11 rounded-md border border-line bg-paper px-3 font-normal"
        >
          {CARRIER_IDS.map((id) => (
            <option key={id} value={id}>
              {CARRIERS[id].name}
            </option>
          ))}
          <option value="other">Άλλη</option>
        </select>
      </label>
      {carrier === 'other' && (
        <label className="grid gap-1 text-sm font-semibold">
          Όνομα εταιρείας
          <input
            value={carrierName}
            onChange={(event) => setCarrierName(event.target.value)}
            className="min-h-11 rounded-md border border-line px-3 font-normal"
          />
        </label>
      )}
      <label className="grid gap-1 text-sm font-semibold">
        Αριθμός αποστολής{carrier === 'other' ? ' (προαιρετικό)' : ''}
        <input
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
          className="min-h-11 rounded-md border border-line px-3 font-normal"
        />
      </label>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
        <button type="submit" disabled={props.busy} className={FORWARD}>
          {MOVE_LABELS.shipped}
        </button>
        <button type="button" onClick={props.onCancel} className={QUIET}>
          Άκυρο
        </button>
      </div>
    </form>
  );
}
