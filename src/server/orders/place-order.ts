import type { CheckoutForm } from '../../domain/orders/checkout-form.ts';
import type { Order } from '../../domain/orders/order.ts';
import { confirmationMail, ownerNotificationMail } from '../../domain/orders/order-mail.ts';
import type { Container } from '../container.ts';

/**
 * Places the order with the shopper's confirmation and the owner's notification: the order, its
 * stock changes and both mails commit in one transaction, so a crash can lose none of them. A
 * repeated submit returns the same order and queues nothing again.
 */
export async function placeOrder(container: Container, cartId: string, form: CheckoutForm): Promise<Order> {
  const { order } = await container.orders.placeOrder({
    cartId,
    idempotencyKey: form.idempotencyKey,
    customer: { name: form.name, email: form.email, phone: form.phone },
    delivery: form.delivery,
    payment: form.payment,
    notes: form.notes,
    shippingCents: container.env.SHIPPING_CENTS,
    mails: (placed) => {
      const url = `${container.env.siteUrl}/order/${placed.accessToken}`;
      return [
        { kind: 'order-confirmation', to: placed.customer.email, ...confirmationMail(placed, url) },
        {
          kind: 'order-notification',
          to: container.env.SHOP_EMAIL,
          replyTo: placed.customer.email,
          ...ownerNotificationMail(placed, url),
        },
      ];
    },
  });
  return order;
}
