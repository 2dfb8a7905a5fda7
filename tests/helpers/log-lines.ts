import { captureLogs, type LogLevel } from '../../src/lib/log.ts';

export type LogLine = { level: LogLevel; msg: string; [field: string]: unknown };

/**
 * The shop's log lines from now until `stop()`, parsed, for a test that expects some: while they
 * are recorded here, an expected error line does not fail the test (tests/setup).
 */
export function recordLogs(): { lines: LogLine[]; stop: () => void } {
  const lines: LogLine[] = [];
  const stop = captureLogs((level, line) => lines.push({ ...(JSON.parse(line) as LogLine), level }));
  return { lines, stop };
}
