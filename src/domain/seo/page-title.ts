export const SHOP_NAME = 'CardVault';

/** The document title: the page's own title, then the shop's name (the home page is the name alone). */
export function fullTitle(title: string): string {
  return title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
}
