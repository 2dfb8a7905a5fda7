/**
 * Sign-in attempts as the throttle counts them (decision 077): the address they are limited by
 * (an IPv6 address by its /64), the browser's device id when it brought one (stored hashed),
 * whether that browser had signed in to the account before, whether the attempt is still being
 * checked, and whether it still counts (a password reset from the command line clears it).
 */
export const up = [
  "ALTER TABLE login_attempts ADD COLUMN address TEXT NOT NULL DEFAULT ''",
  "ALTER TABLE login_attempts ADD COLUMN device TEXT NOT NULL DEFAULT ''",
  'ALTER TABLE login_attempts ADD COLUMN trusted INTEGER NOT NULL DEFAULT 0 CHECK (trusted IN (0, 1))',
  'ALTER TABLE login_attempts ADD COLUMN pending INTEGER NOT NULL DEFAULT 0 CHECK (pending IN (0, 1))',
  'ALTER TABLE login_attempts ADD COLUMN counted INTEGER NOT NULL DEFAULT 1 CHECK (counted IN (0, 1))',
  'UPDATE login_attempts SET address = ip',
  'CREATE INDEX login_attempts_by_address ON login_attempts (address, created_at)',
  'CREATE INDEX login_attempts_by_pair ON login_attempts (email, address, created_at)',
  'CREATE INDEX login_attempts_by_device ON login_attempts (device, email)',
];
