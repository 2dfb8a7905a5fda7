/**
 * The outbox's backlog (the health check's pending and failed counts and the oldest pending
 * message) read from one covering index. Before it, each check read every pending row for its
 * `created_at`: with no mail transport set the outbox only grows, and at 8,000 pending messages
 * a check took 1.8 ms, a third of `/api/health`'s throughput (0.7 ms with this index).
 */
export const up = ['CREATE INDEX mail_outbox_backlog ON mail_outbox (status, created_at)'];
