import { describe, expect, it } from 'vitest';
import { imageSource } from '../../../src/domain/catalog-csv/plan.ts';
import {
  REMOTE_IMAGE_MESSAGES,
  remoteImageName,
  remoteImageUrl,
} from '../../../src/domain/catalog-csv/remote-images.ts';

const HOSTS = ['cdn.shopify.com'];

describe('which image URLs the import fetches (decision 090)', () => {
  it('https on its usual port, from a host on the list, whatever the case or a final dot', () => {
    for (const url of [
      'https://cdn.shopify.com/s/files/1/0000/0001/products/card.png?v=1',
      'https://CDN.Shopify.com/s/card.png',
      'https://cdn.shopify.com./s/card.png',
      'https://cdn.shopify.com:443/s/card.png',
    ])
      expect(remoteImageUrl(url, HOSTS).ok, url).toBe(true);
  });

  it('refuses anything else with its reason in Greek', () => {
    expect(remoteImageUrl('http://cdn.shopify.com/a.png', HOSTS)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.notHttps,
    });
    expect(remoteImageUrl('https://burst.shopifycdn.com/photos/a.jpg', HOSTS)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.hostNotAllowed('burst.shopifycdn.com'),
    });
    for (const url of [
      'ftp://cdn.shopify.com/a.png',
      'file:///etc/passwd',
      'https://cdn.shopify.com:8443/a.png',
      'https://me@cdn.shopify.com/a.png',
      'https://cdn.shopify.com.evil.example/a.png',
      'https://evil.example/?cdn.shopify.com',
      'https://[::1]/a.png',
      'https://0x7f000001/a.png',
      '//cdn.shopify.com/a.png',
      'cdn.shopify.com/a.png',
    ])
      expect(remoteImageUrl(url, HOSTS).ok, url).toBe(false);
    expect(remoteImageUrl('https://cdn.shopify.com/a.png', []).ok).toBe(false);
    const { hostNotAllowed, privateAddress, hostNotFound, status, ...fixed } = REMOTE_IMAGE_MESSAGES;
    for (const reason of [
      ...Object.values(fixed),
      hostNotAllowed('x'),
      privateAddress('x'),
      hostNotFound('x'),
      status(500),
    ])
      expect(reason).toMatch(/[\u0370-\u03ff]/);
  });

  it('imageSource: own media, a listed host, or not fetched with the reason', () => {
    const origin = 'https://shop.example';
    expect(imageSource('https://cdn.shopify.com/s/card.png', origin, HOSTS)).toEqual({
      kind: 'remote',
      url: 'https://cdn.shopify.com/s/card.png',
    });
    expect(imageSource('https://cdn.shopify.com/s/card.png', origin)).toMatchObject({ kind: 'foreign' });
    expect(imageSource('https://shop.example/other/card.png', origin, HOSTS)).toEqual({
      kind: 'foreign',
      url: 'https://shop.example/other/card.png',
      reason: REMOTE_IMAGE_MESSAGES.notOwnMedia,
    });
  });

  it('stores an image under the last part of its path', () => {
    expect(remoteImageName('https://cdn.shopify.com/s/images/shopify_shirt.png?e6948c')).toBe(
      'shopify_shirt.png',
    );
    expect(remoteImageName('https://cdn.shopify.com/')).toBe('image');
  });
});
