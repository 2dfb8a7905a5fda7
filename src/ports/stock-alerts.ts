import type { OutgoingMail } from '../domain/mail/outgoing-mail.ts';
import type { ConfirmOutcome, StockAlertSummary } from '../domain/stock-alerts/stock-alert.ts';

/** The raw tokens of a subscription's links; the port keeps only their hashes. */
export type StockAlertLinks = { confirmToken: string; unsubscribeToken: string };

/**
 * "Notify me when back in stock" subscriptions, in the shop's own database (decision 087). Each
 * mail is queued in the same transaction as the change it reports, so it is queued once or not
 * at all; the caller builds it (from the domain's texts) given the links' fresh tokens.
 */
export interface StockAlertPort {
  /**
   * Asks for a subscription of `email` (lower case) to `productId`: a new one is pending; asking
   * again keeps the one row, renews its links (the earlier ones stop working) and never moves it
   * back from confirmed; a notified one starts over as pending. The confirmation mail (`mail`) is
   * queued in the same transaction, whichever it was, so the caller's answer is always the same.
   */
  request(
    input: { productId: string; email: string },
    mail: (links: StockAlertLinks) => OutgoingMail,
    now?: Date,
  ): Promise<void>;
  /** Confirms the pending subscription whose confirmation token this is (a second use says so again). */
  confirm(token: string, now?: Date): Promise<{ outcome: ConfirmOutcome; productId: string | null }>;
  /** Deletes the subscription whose unsubscribe token this is; the product id, or null when none was. */
  unsubscribe(token: string): Promise<{ productId: string } | null>;
  /**
   * Product ids with waiting (confirmed) subscribers, in id order, at most `limit`, after the
   * id `after` when given: a page of them, for a pass that reads them all a page at a time.
   */
  waitingProducts(limit: number, after?: string): Promise<string[]>;
  /**
   * Marks every waiting subscriber of the product notified and queues its mail (`mail`, given the
   * address and a fresh unsubscribe token), one transaction: however many passes run at once, a
   * subscriber gets one mail. Answers how many were queued.
   */
  notify(
    productId: string,
    mail: (subscriber: { email: string; unsubscribeToken: string }) => OutgoingMail,
    now?: Date,
  ): Promise<number>;
  /** Deletes every subscription of a product that no longer exists; answers how many. */
  forgetProduct(productId: string): Promise<number>;
  /** Waiting subscribers per product, for these products; products with none are left out. */
  waitingCounts(productIds: readonly string[]): Promise<Record<string, number>>;
  /** Waiting subscribers over all, and the `top` products with the most, most first. */
  summary(top: number): Promise<StockAlertSummary>;
  /**
   * Deletes unconfirmed subscriptions whose link expired, notified ones past their week, and any
   * older than 6 months (decision 087); answers how many.
   */
  purge(now?: Date): Promise<number>;
}
