const dateTime = new Intl.DateTimeFormat('el-GR', { dateStyle: 'short', timeStyle: 'short' });

/** A date and time as the inbox and the account show them, in Greek; a dash for none. */
export const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');
