import { STATUS_LABELS } from '../../domain/orders/lifecycle.ts';
import type { OrderStatus } from '../../domain/orders/order.ts';

const BADGES: Record<OrderStatus, string> = {
  pending: 'bg-mist text-ink',
  paid: 'bg-success text-paper',
  shipped: 'bg-ink text-paper',
  ready_for_pickup: 'border border-success bg-paper text-success',
  collected: 'bg-ink text-paper',
  cancelled: 'bg-danger text-paper',
};

/** An order's status as a coloured badge, in the list and in the detail. */
export default function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-bold ${BADGES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
