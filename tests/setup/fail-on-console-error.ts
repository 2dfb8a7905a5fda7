import { afterEach, vi } from 'vitest';

/** An unexpected console.error fails the test that logged it (a test that expects one mocks it). */
let logged: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};

afterEach(() => {
  const errors = logged;
  logged = [];
  if (errors.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
