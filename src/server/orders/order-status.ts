import type { Order } from '../../domain/orders/order.ts';
import { correctionMail, statusMail } from '../../domain/orders/status-mail.ts';
import type { StatusChange } from '../../ports/commerce.ts';
import type { Container } from '../container.ts';

/** The page a shopper follows an order on: the link every mail of that order carries. */
export const orderUrl = (container: Container, order: Pick<Order, 'accessToken'>) =>
  `${container.env.siteUrl}/order/${order.accessToken}`;

/**
 * Moves an order (the lifecycle, decision 082) with the mail that tells the shopper, queued in
 * the same transaction; replies go to the shop's email.
 */
export async function changeOrderStatus(
  container: Container,
  id: string,
  change: StatusChange,
): Promise<Order> {
  const settings = await container.settings.get();
  return container.orders.setOrderStatus(id, change, (order) => {
    const event = order.history.at(-1);
    const mail = event ? statusMail(order, event, orderUrl(container, order), settings) : null;
    return mail
      ? { kind: 'order-status', to: order.customer.email, replyTo: settings.identity.email, ...mail }
      : null;
  });
}

/** Undoes an order's last move; a mail already sent about it is followed by a correction. */
export async function undoOrderStatus(container: Container, id: string): Promise<Order> {
  const settings = await container.settings.get();
  return container.orders.undoStatus(id, (order, undone) => ({
    kind: 'order-status',
    to: order.customer.email,
    replyTo: settings.identity.email,
    ...correctionMail(order, undone, orderUrl(container, order), settings),
  }));
}
