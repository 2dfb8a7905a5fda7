import { formatDateTime } from '../../domain/admin/lists.ts';
import { carrierName, trackingUrl } from '../../domain/orders/carriers.ts';
import { STATUS_LABELS } from '../../domain/orders/lifecycle.ts';
import type { Order, OrderEvent } from '../../domain/orders/order.ts';

/** Whether the shopper has been told of a step, from its mail's state in the outbox. */
function mailText(event: OrderEvent): string {
  if (!event.mail) return '';
  if (event.mail.status === 'delivered') return 'Ο πελάτης ενημερώθηκε.';
  if (event.mail.status === 'failed') return 'Το email προς τον πελάτη απέτυχε.';
  return 'Το email προς τον πελάτη περιμένει να σταλεί.';
}

/** An order's history, oldest first: each move with its parcel or reason, and whether it was undone. */
export default function OrderHistory({ order }: { order: Order }) {
  return (
    <section aria-label="Ιστορικό παραγγελίας" className="grid gap-1 text-sm">
      <h4 className="font-semibold">Ιστορικό</h4>
      <ol className="grid gap-2 border-l-2 border-line pl-3">
        {order.history.map((event, index) => {
          const link = event.shipment ? trackingUrl(event.shipment) : null;
          return (
            <li key={event.id} className={event.undoneAt ? 'text-muted line-through' : ''}>
              <span className="font-semibold">
                {index === 0 ? 'Καταχωρήθηκε' : STATUS_LABELS[event.status]}
              </span>{' '}
              <span className="text-muted">{formatDateTime(event.at)}</span>
              {event.shipment && (
                <span className="block">
                  {carrierName(event.shipment)}
                  {event.shipment.trackingNumber && `, αριθμός αποστολής ${event.shipment.trackingNumber}`}
                  {link && (
                    <>
                      {' · '}
                      <a href={link} target="_blank" rel="noopener" className="underline">
                        παρακολούθηση
                      </a>
                    </>
                  )}
                </span>
              )}
              {event.reason && <span className="block">Αιτία: {event.reason}</span>}
              {event.undoneAt ? (
                <span className="block no-underline">Αναιρέθηκε {formatDateTime(event.undoneAt)}</span>
              ) : (
                mailText(event) && <span className="block text-muted">{mailText(event)}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
