import type { Product } from '../../../src/domain/catalog/product.ts';
import type { Container } from '../../../src/server/container.ts';
import { requestStockAlert } from '../../../src/server/stock-alerts/requests.ts';

let address = 0;

/** POST /api/stock-alerts as the endpoint receives it, from a new address unless one is given. */
export function post(container: Container, body: unknown, ip?: string) {
  address = (address % 250) + 1;
  const request = new Request('http://shop.test/api/stock-alerts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return requestStockAlert(container, request, ip ?? `198.51.100.${address}`);
}

/** A card of its own with this stock. */
export async function aCard(
  container: Container,
  quantity: number,
  title = 'Luka Doncic Prizm RC',
): Promise<Product> {
  const { product } = await container.commerce.createProduct({
    title,
    tags: ['Dallas Mavericks'],
    productType: 'Card',
    priceCents: 2500,
    quantity,
  });
  return product;
}

/** The newest mail of a kind to an address, and the links in it. */
export async function mailTo(container: Container, kind: string, to: string) {
  const mail = (await container.mail.listOutbox({ limit: 500 })).find(
    (entry) => entry.kind === kind && entry.to === to,
  );
  const links = [...(mail?.text ?? '').matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]));
  return { mail, links };
}

/** Signs `email` up for the card and confirms it with the mailed link, as a shopper does. */
export async function subscribe(container: Container, product: Product, email: string) {
  await post(container, { productId: product.id, email, consent: true });
  const { links } = await mailTo(container, 'stock-alert-confirm', email);
  const confirm = links.find((link) => link.pathname === '/stock-alerts/confirm');
  const outcome = await container.stockAlerts.confirm(confirm?.searchParams.get('token') ?? '');
  if (outcome.outcome !== 'confirmed') throw new Error(`not confirmed: ${outcome.outcome}`);
  return links;
}

/** Back-in-stock mails in the outbox, by address. */
export async function backInStockMails(container: Container): Promise<string[]> {
  return (await container.mail.listOutbox({ limit: 500 }))
    .filter((entry) => entry.kind === 'back-in-stock')
    .map((entry) => entry.to)
    .sort();
}
