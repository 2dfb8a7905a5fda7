import { afterEach, vi } from 'vitest';
import { captureLogs } from '../../src/lib/log.ts';

/**
 * An unexpected console.error, or an error line of the shop's own log, fails the test that wrote
 * it (a test that expects one mocks console.error, or captures the log itself).
 */
let logged: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};
captureLogs((level, line) => {
  if (level === 'error') logged.push([line]);
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
});

afterEach(() => {
  const errors = logged;
  logged = [];
  if (errors.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
