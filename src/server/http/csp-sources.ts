/**
 * Origins the Content-Security-Policy must allow beyond the shop's own, from the backends the
 * settings choose (read by astro.config.mjs when a storefront is built):
 * - Firebase Auth: the login page signs in from the browser (decision 011), against Google's
 *   identity endpoints or the Auth emulator.
 * - Shopify: product images come from Shopify's CDN (cdn.shopify.com, or the store's own domain
 *   for files it serves under /cdn/), and from the double's origin when it stands in for the store.
 * - Images in S3 with MEDIA_PUBLIC_URL: from that bucket or CDN (decision 094).
 */
export function extraCspSources(env: Record<string, string | undefined>): {
  connect: string[];
  img: string[];
} {
  const connect: string[] = [];
  const img: string[] = [];
  if (env.AUTH_BACKEND === 'firebase') {
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
    const emulator = originOf(env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL);
    if (emulator) connect.push(emulator);
  }
  if (env.COMMERCE_BACKEND === 'shopify') {
    img.push('https://cdn.shopify.com');
    const domain = env.SHOPIFY_STORE_DOMAIN?.trim();
    const store = domain ? originOf(/^https?:\/\//i.test(domain) ? domain : `https://${domain}`) : null;
    if (store) img.push(store);
  }
  const media = env.MEDIA_BACKEND === 's3' ? originOf(env.MEDIA_PUBLIC_URL) : null;
  if (media) img.push(media);
  return { connect, img };
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
