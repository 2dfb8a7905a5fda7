/**
 * The shop's days, weeks and months begin at midnight in Athens (the shop is Greek; issue 33),
 * whatever zone the server runs in. Instants are UTC `Date`s; a day is 'YYYY-MM-DD' in Athens.
 */
export const SHOP_TIME_ZONE = 'Europe/Athens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at an instant (120 or 180 in Athens). */
export function offsetMinutes(at: Date, timeZone = SHOP_TIME_ZONE): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The zone's calendar day of an instant, as 'YYYY-MM-DD'. */
export function localDay(at: Date, timeZone = SHOP_TIME_ZONE): string {
  return new Date(at.getTime() + offsetMinutes(at, timeZone) * MINUTE).toISOString().slice(0, 10);
}

/** The instant a zone's day begins (its local midnight). */
export function startOfDay(day: string, timeZone = SHOP_TIME_ZONE): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at local midnight: try the offset of the instant it would be, then settle.
  let guess = utcMidnight - offsetMinutes(new Date(utcMidnight), timeZone) * MINUTE;
  guess = utcMidnight - offsetMinutes(new Date(guess), timeZone) * MINUTE;
  return new Date(guess);
}

/** The day `count` days after (or before, when negative) a day. */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY).toISOString().slice(0, 10);
}

/** When today, this week (from Monday, as in Greece), this month and the 30 and 90 days began. */
export type Periods = { today: Date; week: Date; month: Date; days30: Date; days90: Date };

export function periodStarts(now: Date, timeZone = SHOP_TIME_ZONE): Periods {
  const today = localDay(now, timeZone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return {
    today: startOfDay(today, timeZone),
    week: startOfDay(addDays(today, -weekday), timeZone),
    month: startOfDay(`${today.slice(0, 8)}01`, timeZone),
    days30: startOfDay(addDays(today, -29), timeZone),
    days90: startOfDay(addDays(today, -89), timeZone),
  };
}

/**
 * Spans of one UTC offset between two instants, for a database that has no time zones: a
 * timestamp in [from, to) is in Athens at `offsetMinutes`. The offset changes twice a year.
 */
export type OffsetSpan = { from: Date; to: Date; offsetMinutes: number };

export function offsetSpans(from: Date, to: Date, timeZone = SHOP_TIME_ZONE): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let start = from.getTime();
  let offset = offsetMinutes(from, timeZone);
  // Zones change offset on the hour: walk by hours, which is cheap for 90 days (2,160 steps).
  for (let at = Math.floor(start / HOUR) * HOUR + HOUR; at < to.getTime(); at += HOUR) {
    const next = offsetMinutes(new Date(at), timeZone);
    if (next !== offset) {
      spans.push({ from: new Date(start), to: new Date(at), offsetMinutes: offset });
      start = at;
      offset = next;
    }
  }
  spans.push({ from: new Date(start), to, offsetMinutes: offset });
  return spans;
}

/** Every day from `first` to `last`, inclusive. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
