/**
 * npm run outbox [-- --status pending|delivered|failed] [--limit <n>]: the outbox, newest first.
 * npm run outbox -- --show <id>: one message in full.
 * Reads the shop's database only; it never sends (the running server delivers due messages).
 */

import { createOutboxMail, findOutboxEntry } from '../src/adapters/mail-outbox/index.ts';
import type { MailStatus, OutboxEntry } from '../src/domain/mail/outgoing-mail.ts';
import { argValue, loadEnvOrExit, openContainerOrExit } from './cli.ts';

const STATUSES: readonly MailStatus[] = ['pending', 'delivered', 'failed'];
const USAGE =
  'Usage: npm run outbox [-- --status pending|delivered|failed] [--limit <n>]\n       npm run outbox -- --show <id>';

const args = process.argv.slice(2);
const status = argValue(args, '--status');
const limit = argValue(args, '--limit');
const show = argValue(args, '--show');
if (
  (args.includes('--status') && !STATUSES.includes(status as MailStatus)) ||
  (args.includes('--limit') && !isPositiveInteger(limit)) ||
  (args.includes('--show') && !isPositiveInteger(show))
) {
  console.error(USAGE);
  process.exit(1);
}

const env = loadEnvOrExit();
const container = await openContainerOrExit(env);
const { database } = container;
try {
  if (show !== undefined) {
    const entry = await findOutboxEntry(database, Number(show));
    if (entry) {
      console.info(formatMessage(entry));
    } else {
      console.error(`No message ${show} in the outbox.`);
      process.exitCode = 1;
    }
  } else {
    const mail = createOutboxMail(database, { transport: null, from: env.MAIL_FROM });
    const entries = await mail.listOutbox({
      limit: limit === undefined ? 50 : Number(limit),
      ...(status === undefined ? {} : { status: status as MailStatus }),
    });
    console.info(entries.length === 0 ? 'The outbox is empty.' : formatTable(entries));
    if (!env.SMTP_HOST) {
      console.info('\nSMTP is not configured (SMTP_HOST): messages stay pending until it is.');
    }
  }
} finally {
  container.close();
}

function isPositiveInteger(value: string | undefined): boolean {
  return value !== undefined && /^[1-9][0-9]*$/.test(value);
}

function formatTable(entries: OutboxEntry[]): string {
  const header = ['id', 'status', 'tries', 'kind', 'to', 'subject', 'created (UTC)', 'last error'];
  const rows = entries.map((entry) => [
    String(entry.id),
    entry.status,
    String(entry.attempts),
    entry.kind,
    entry.to,
    shorten(entry.subject, 40),
    formatTime(entry.createdAt),
    shorten(entry.lastError ?? '', 60),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function formatMessage(entry: OutboxEntry): string {
  const lines = [
    `Message ${entry.id} (${entry.kind})`,
    `Status:     ${entry.status}, ${entry.attempts} attempt(s)`,
    `To:         ${entry.to}`,
    ...(entry.replyTo ? [`Reply-To:   ${entry.replyTo}`] : []),
    `Subject:    ${entry.subject}`,
    `Created:    ${formatTime(entry.createdAt)} UTC`,
    entry.deliveredAt
      ? `Delivered:  ${formatTime(entry.deliveredAt)} UTC`
      : entry.status === 'pending'
        ? `Next try:   ${formatTime(entry.nextAttemptAt)} UTC`
        : 'Next try:   none until the message is retried',
    ...(entry.lastError ? [`Last error: ${entry.lastError}`] : []),
  ];
  return `${lines.join('\n')}\n\n${entry.text}`;
}

/** 2025-01-31T09:05:00.000Z -> 2025-01-31 09:05:00 */
function formatTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, '');
}

function shorten(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
