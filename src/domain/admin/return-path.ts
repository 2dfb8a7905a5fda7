import { DASHBOARD_PATH } from './sections.ts';

/**
 * Where the sign-in page sends an admin on: back to the dashboard address asked for signed out,
 * named in its `next` query. Only a path of this site under /admin-dashboard is taken, so a link
 * to the sign-in page can never send anyone elsewhere (no open redirect); anything else means the
 * dashboard's entry.
 */
export const LOGIN_PATH = '/admin-login';
const RETURN_PARAM = 'next';
const MAX_LENGTH = 2048;
// Only for resolving: a path that resolves to another origin ('//evil.example', '/\evil.example') is refused.
const BASE = 'https://shop.invalid';

/** The dashboard path (and query) `asked` names once resolved, or the dashboard's entry. */
export function returnPath(asked: string | null | undefined): string {
  if (!asked || asked.length > MAX_LENGTH || !asked.startsWith('/')) return DASHBOARD_PATH;
  let url: URL;
  try {
    url = new URL(asked, BASE);
  } catch {
    return DASHBOARD_PATH;
  }
  if (url.origin !== BASE) return DASHBOARD_PATH;
  // Resolved, so '/admin-dashboard/../x' is '/x' and is refused.
  if (url.pathname !== DASHBOARD_PATH && !url.pathname.startsWith(`${DASHBOARD_PATH}/`))
    return DASHBOARD_PATH;
  return `${url.pathname}${url.search}`;
}

/** The sign-in page's address for someone who asked for `asked` signed out. */
export function loginPath(asked: string): string {
  const back = returnPath(asked);
  if (back === DASHBOARD_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: back })}`;
}

/** The return address a sign-in page's query (`location.search`) names. */
export function returnPathOf(search: string): string {
  return returnPath(new URLSearchParams(search).get(RETURN_PARAM));
}
