import { AppError } from '../../domain/errors.ts';
import type { CheckoutForm } from '../../domain/orders/checkout-form.ts';
import type { Order } from '../../domain/orders/order.ts';
import { confirmationMail, ownerNotificationMail } from '../../domain/orders/order-mail.ts';
import { CHECKOUT_TERMS_MESSAGES } from '../../domain/settings/checkout-terms.ts';
import type { Container } from '../container.ts';

/**
 * Places the order with the shopper's confirmation and the owner's notification: the order, its
 * stock changes and both mails commit in one transaction, so a crash can lose none of them. A
 * repeated submit returns the same order and queues nothing again.
 */
export async function placeOrder(container: Container, cartId: string, form: CheckoutForm): Promise<Order> {
  // What the shop takes and charges is its settings' say (decision 081).
  const settings = await container.settings.get();
  const taken =
    form.payment === 'bank_transfer' ? settings.payments.bankTransfer : settings.payments.cashOnDelivery;
  if (!taken)
    throw new AppError('invalid', CHECKOUT_TERMS_MESSAGES.paymentNotTaken, {
      payment: CHECKOUT_TERMS_MESSAGES.paymentNotTaken,
    });
  if (form.delivery.method === 'pickup' && !settings.pickup.enabled)
    throw new AppError('invalid', CHECKOUT_TERMS_MESSAGES.pickupNotOffered, {
      delivery: CHECKOUT_TERMS_MESSAGES.pickupNotOffered,
    });
  const { order } = await container.orders.placeOrder({
    cartId,
    idempotencyKey: form.idempotencyKey,
    customer: { name: form.name, email: form.email, phone: form.phone },
    delivery: form.delivery,
    payment: form.payment,
    notes: form.notes,
    shipping: settings.shipping,
    mails: (placed) => {
      const url = `${container.env.siteUrl}/order/${placed.accessToken}`;
      return [
        { kind: 'order-confirmation', to: placed.customer.email, ...confirmationMail(placed, url, settings) },
        {
          kind: 'order-notification',
          to: settings.identity.email,
          replyTo: placed.customer.email,
          ...ownerNotificationMail(placed, url, settings),
        },
      ];
    },
  });
  return order;
}
