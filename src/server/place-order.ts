import type { CheckoutForm } from '../domain/checkout-form.ts';
import { confirmationMail, ownerNotificationMail } from '../domain/order-mail.ts';
import type { Order } from '../ports/commerce.ts';
import type { Container } from './container.ts';

/**
 * Places the order (one transaction in the commerce port), then queues the shopper's confirmation
 * and the owner's notification in the mail outbox. A repeated submit returns the same order and
 * queues nothing again.
 */
export async function placeOrder(container: Container, cartId: string, form: CheckoutForm): Promise<Order> {
  const { order, created } = await container.orders.placeOrder({
    cartId,
    idempotencyKey: form.idempotencyKey,
    customer: { name: form.name, email: form.email, phone: form.phone },
    delivery: form.delivery,
    payment: form.payment,
    notes: form.notes,
    shippingCents: container.env.SHIPPING_CENTS,
  });
  if (created) {
    const url = `${container.env.siteUrl}/order/${order.accessToken}`;
    await container.mail.queue({
      kind: 'order-confirmation',
      to: order.customer.email,
      ...confirmationMail(order, url),
    });
    await container.mail.queue({
      kind: 'order-notification',
      to: container.env.SHOP_EMAIL,
      replyTo: order.customer.email,
      ...ownerNotificationMail(order, url),
    });
  }
  return order;
}
