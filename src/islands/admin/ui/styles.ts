/** Class lists several dashboard parts share, so a button looks the same wherever it is. */

/** A secondary action: outlined pill. */
export const outlineButton =
  'min-h-11 rounded-full border border-line px-5 font-semibold hover:bg-mist disabled:opacity-50';

/** A pager or list action: outlined pill, a little narrower. */
export const pagerButton =
  'min-h-11 rounded-full border border-line px-4 font-semibold hover:bg-mist disabled:opacity-50';

/** A small square-cornered action inside a list (inbox, account). */
export const listButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-line px-3 text-sm font-semibold hover:bg-mist disabled:opacity-50';

/** A text input of a dashboard form. */
export const textInput =
  'min-h-11 w-full rounded-md border border-line bg-paper px-3 text-base aria-invalid:border-danger';

/** The form's main action: filled pill. */
export const primaryButton =
  'min-h-11 rounded-full bg-accent px-5 font-bold text-paper hover:bg-accent-strong disabled:opacity-50';
