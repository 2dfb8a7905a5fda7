import { describe, expect, it } from 'vitest';
import {
  IMAGE_WIDTHS,
  imageUrls,
  shownImage,
  srcSet,
  variantFile,
  variantUrl,
} from '../../../src/domain/media/responsive-image.ts';

const NAME = '1732000000000-a1b2c3-card.jpg';
const CDN = 'https://cdn.example.gr';

describe('imageUrls', () => {
  it("answers the shop's /media/ URL and its ?w= variants without MEDIA_PUBLIC_URL", () => {
    for (const settings of [{}, { publicUrl: undefined }, { publicUrl: '' }])
      expect(imageUrls(settings, NAME)).toEqual({
        url: `/media/${NAME}`,
        variants: [
          { width: 320, url: `/media/${NAME}?w=320` },
          { width: 480, url: `/media/${NAME}?w=480` },
          { width: 800, url: `/media/${NAME}?w=800` },
        ],
      });
  });

  it("answers the bucket's keys under MEDIA_PUBLIC_URL, with or without a path and a trailing slash", () => {
    expect(imageUrls({ publicUrl: CDN }, NAME)).toEqual({
      url: `${CDN}/${NAME}`,
      variants: [
        { width: 320, url: `${CDN}/w320/${NAME}.webp` },
        { width: 480, url: `${CDN}/w480/${NAME}.webp` },
        { width: 800, url: `${CDN}/w800/${NAME}.webp` },
      ],
    });
    const bucket = 'https://s3.eu-central-1.amazonaws.com/cardshop-images';
    expect(imageUrls({ publicUrl: `${bucket}//` }, NAME).url).toBe(`${bucket}/${NAME}`);
    expect(imageUrls({ publicUrl: `${bucket}/` }, NAME).variants[0]?.url).toBe(`${bucket}/w320/${NAME}.webp`);
  });

  it('names each variant as the adapters store it', () => {
    for (const { width, url } of imageUrls({ publicUrl: CDN }, NAME).variants)
      expect(url).toBe(`${CDN}/${variantFile(NAME, width)}`);
  });
});

describe('srcSet and variantUrl of the images shownImage answers', () => {
  it('list the variants of an image the shop serves itself, from its URL alone', () => {
    const { url, variants } = imageUrls({}, NAME);
    const shown = shownImage({}, NAME);
    expect(shown).toEqual({ url });
    expect(srcSet(shown)).toBe(variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '));
    for (const variant of variants) expect(variantUrl(shown, variant.width)).toBe(variant.url);
  });

  it("list the bucket's variants, which an image in the bucket carries", () => {
    const shown = shownImage({ publicUrl: CDN }, NAME);
    expect(shown.variants).toEqual(imageUrls({ publicUrl: CDN }, NAME).variants);
    expect(srcSet(shown)).toBe(
      IMAGE_WIDTHS.map((width) => `${CDN}/${variantFile(NAME, width)} ${width}w`).join(', '),
    );
    expect(variantUrl(shown, 320)).toBe(`${CDN}/${variantFile(NAME, 320)}`);
  });

  it("give none for a bare URL that is not the shop's: the bucket's (a page cannot tell it from another host's), other hosts, other schemes", () => {
    for (const url of [
      imageUrls({ publicUrl: CDN }, NAME).url,
      // A Shopify file whose name has the shop's shape: its host has no such variants.
      `http://127.0.0.1:9000/cdn/tmp/0a1b2c/${NAME}`,
      'https://cdn.shopify.com/s/files/card.jpg',
      `https://cdn.shopify.com/s/files/1/files/${NAME}?v=1732000000`,
      `${CDN}/${NAME}#top`,
      `${CDN}/w320/${NAME}.webp`,
      `${CDN}/1732000000000-a1b2c3-card.svg`,
      `ftp://cdn.example.gr/${NAME}`,
      `//cdn.example.gr/${NAME}`,
      NAME,
    ]) {
      expect(srcSet({ url }), url).toBeUndefined();
      expect(variantUrl({ url }, 320), url).toBe(url);
    }
  });
});
