/**
 * Text people type, made safe to put into a plain-text mail or a header: a line break in a name
 * could otherwise forge lines of an order mail ("Σύνολο: 0,00 €"), and other control characters
 * have no business in either. Forms pass their fields through these, and every mail does again
 * before it is queued, so records kept from before still come out clean.
 */
// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
const LINE_BREAKS = /\r\n|[\r\u2028\u2029\u0085]/g;
const CONTROLS_BUT_LINES = /(?!\n)\p{Cc}/gu;

/** One line: every control character and line break becomes a space, runs of spaces one. */
export function singleLine(value: string): string {
  return value.replace(CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Several lines: breaks become `\n`, tabs a space, other control characters go. */
export function multiLine(value: string): string {
  return value.replace(LINE_BREAKS, '\n').replace(/\t/g, ' ').replace(CONTROLS_BUT_LINES, '');
}
