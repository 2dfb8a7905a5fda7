/**
 * The shop's settings (decision 081): one row of JSON, checked by the domain's schema on the way
 * in, and a counter that every change moves, so the storefront that shows them is rebuilt and its
 * cached answers renewed like after a catalogue change.
 */
export const up = [
  `CREATE TABLE shop_settings (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     settings_json TEXT NOT NULL CHECK (json_valid(settings_json)),
     updated_at TEXT NOT NULL
   )`,
  `INSERT INTO counters (name, value) VALUES ('settings', 0)`,
  ...['INSERT', 'UPDATE', 'DELETE'].map(
    (event) =>
      `CREATE TRIGGER shop_settings_${event.toLowerCase()}_bumps_settings AFTER ${event} ON shop_settings
       BEGIN UPDATE counters SET value = value + 1 WHERE name = 'settings'; END`,
  ),
];
