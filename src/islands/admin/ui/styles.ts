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
