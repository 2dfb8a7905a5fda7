import type Database from 'better-sqlite3';
import { up as initial } from './001-initial.ts';
import { up as orderAccess } from './002-order-access.ts';
import { backfill as fillTitleKeys, up as titleKey } from './003-title-key.ts';
import { backfill as greekNameOrder, up as greekNameOrderUp } from './004-greek-name-order.ts';
import { up as searchIndex } from './005-search-index.ts';
import { up as firebaseSessions } from './006-firebase-sessions.ts';
import { up as rateLimits } from './007-rate-limits.ts';
import { backfill as fillSessionIds, up as sessionDetails } from './008-session-details.ts';
import {
  backfill as fillFirebaseSessionIds,
  up as firebaseSessionDetails,
} from './009-firebase-session-details.ts';
import { up as cardFacts } from './010-card-facts.ts';
import { backfill as fillHandles, up as productHandles } from './011-product-handles.ts';
import { up as importJobs } from './012-import-jobs.ts';
import { up as stockCounter } from './013-stock-counter.ts';
import { up as outboxBacklog } from './014-outbox-backlog.ts';
import { up as signInThrottle } from './015-sign-in-throttle.ts';
import { up as shopSettings } from './016-shop-settings.ts';
import { backfill as fillOrderEvents, up as orderLifecycle } from './017-order-lifecycle.ts';
import { up as passwordResets } from './018-password-resets.ts';
import { backfill as fillSearchWords, up as searchSpellings } from './019-search-spellings.ts';
import { up as certificateNumber } from './020-certificate-number.ts';
import { up as stockAlerts } from './021-stock-alerts.ts';
import { up as salesOverview } from './022-sales-overview.ts';
import { up as customerIndex } from './023-customer-index.ts';
import { up as compareAtPrice } from './024-compare-at-price.ts';
import { up as buildInstances } from './025-build-instances.ts';
import { up as periodicRuns } from './026-periodic-runs.ts';

export type Migration = {
  name: string;
  up: readonly string[];
  /** Data changes SQL alone cannot make, run in the same transaction after `up`. */
  backfill?: (sqlite: Database.Database) => void;
  /**
   * Rebuilds a table others refer to (SQLite's way to change a column's check): foreign keys are
   * off while it runs, and checked before it commits.
   */
  foreignKeysOff?: true;
};

/** Ordered migrations; a name once released never changes. */
export const MIGRATIONS: readonly Migration[] = [
  { name: '001-initial', up: initial },
  { name: '002-order-access', up: orderAccess },
  { name: '003-title-key', up: titleKey, backfill: fillTitleKeys },
  { name: '004-greek-name-order', up: greekNameOrderUp, backfill: greekNameOrder },
  { name: '005-search-index', up: searchIndex },
  { name: '006-firebase-sessions', up: firebaseSessions },
  { name: '007-rate-limits', up: rateLimits },
  { name: '008-session-details', up: sessionDetails, backfill: fillSessionIds },
  { name: '009-firebase-session-details', up: firebaseSessionDetails, backfill: fillFirebaseSessionIds },
  { name: '010-card-facts', up: cardFacts },
  { name: '011-product-handles', up: productHandles, backfill: fillHandles },
  { name: '012-import-jobs', up: importJobs },
  { name: '013-stock-counter', up: stockCounter },
  { name: '014-outbox-backlog', up: outboxBacklog },
  { name: '015-sign-in-throttle', up: signInThrottle },
  { name: '016-shop-settings', up: shopSettings },
  { name: '017-order-lifecycle', up: orderLifecycle, backfill: fillOrderEvents, foreignKeysOff: true },
  { name: '018-password-resets', up: passwordResets },
  { name: '019-search-spellings', up: searchSpellings, backfill: fillSearchWords },
  { name: '020-certificate-number', up: certificateNumber },
  { name: '021-stock-alerts', up: stockAlerts },
  { name: '022-sales-overview', up: salesOverview },
  { name: '023-customer-index', up: customerIndex },
  { name: '024-compare-at-price', up: compareAtPrice },
  { name: '025-build-instances', up: buildInstances },
  { name: '026-periodic-runs', up: periodicRuns },
];
