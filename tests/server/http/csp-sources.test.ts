import { describe, expect, it } from 'vitest';
import { extraCspSources } from '../../../src/server/http/csp-sources.ts';

describe('extra CSP sources', () => {
  it('allow nothing else for the embedded backends', () => {
    expect(extraCspSources({})).toEqual({ connect: [], img: [] });
  });

  it('let the Firebase login reach Google and the emulator', () => {
    expect(
      extraCspSources({
        AUTH_BACKEND: 'firebase',
        PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099/',
      }).connect,
    ).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'http://127.0.0.1:9099',
    ]);
  });

  it("let Shopify's product images in, from its CDN and the store", () => {
    expect(
      extraCspSources({ COMMERCE_BACKEND: 'shopify', SHOPIFY_STORE_DOMAIN: 'cards.myshopify.com' }),
    ).toEqual({ connect: [], img: ['https://cdn.shopify.com', 'https://cards.myshopify.com'] });
    expect(
      extraCspSources({ COMMERCE_BACKEND: 'shopify', SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:8123' }).img,
    ).toEqual(['https://cdn.shopify.com', 'http://127.0.0.1:8123']);
  });

  it('let images in from the bucket or CDN that MEDIA_PUBLIC_URL names, with S3 media only', () => {
    expect(
      extraCspSources({ MEDIA_BACKEND: 's3', MEDIA_PUBLIC_URL: 'https://cdn.example.gr/cards/' }).img,
    ).toEqual(['https://cdn.example.gr']);
    expect(extraCspSources({ MEDIA_PUBLIC_URL: 'https://cdn.example.gr' }).img).toEqual([]);
  });
});
