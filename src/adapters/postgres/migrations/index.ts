import * as shopTables from './001-shop-tables.ts';
import * as counters from './002-counters.ts';
import * as signIn from './003-sign-in.ts';
import * as settingsAndAlerts from './004-settings-and-alerts.ts';
import * as builds from './005-builds.ts';
import * as categories from './006-categories.ts';
import * as catalogue from './007-catalogue.ts';
import * as cartsAndOrders from './008-carts-and-orders.ts';
import * as searchWords from './009-search-words.ts';
import * as searchTrigrams from './010-search-trigrams.ts';
import * as changeNotifications from './011-change-notifications.ts';
import * as buildInstances from './012-build-instances.ts';
import * as periodicRuns from './013-periodic-runs.ts';
import * as rateLimitFunction from './014-rate-limit-function.ts';
import * as buildArtifacts from './015-build-artifacts.ts';
import * as buildArtifactChanges from './016-build-artifact-changes.ts';
import * as rateLimitIndexScans from './017-rate-limit-index-scans.ts';
import * as countersOncePerTransaction from './018-counters-once-per-transaction.ts';

/** PostgreSQL's migrations in order; each runs once, in its own transaction (migrate.ts). */
export const MIGRATIONS: ReadonlyArray<{ name: string; up: string }> = [
  { name: '001-shop-tables', up: shopTables.up },
  { name: '002-counters', up: counters.up },
  { name: '003-sign-in', up: signIn.up },
  { name: '004-settings-and-alerts', up: settingsAndAlerts.up },
  { name: '005-builds', up: builds.up },
  { name: '006-categories', up: categories.up },
  { name: '007-catalogue', up: catalogue.up },
  { name: '008-carts-and-orders', up: cartsAndOrders.up },
  { name: '009-search-words', up: searchWords.up },
  { name: '010-search-trigrams', up: searchTrigrams.up },
  { name: '011-change-notifications', up: changeNotifications.up },
  { name: '012-build-instances', up: buildInstances.up },
  { name: '013-periodic-runs', up: periodicRuns.up },
  { name: '014-rate-limit-function', up: rateLimitFunction.up },
  { name: '015-build-artifacts', up: buildArtifacts.up },
  { name: '016-build-artifact-changes', up: buildArtifactChanges.up },
  { name: '017-rate-limit-index-scans', up: rateLimitIndexScans.up },
  { name: '018-counters-once-per-transaction', up: countersOncePerTransaction.up },
];
