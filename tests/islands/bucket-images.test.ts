import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { shownImage } from '../../src/domain/media/responsive-image.ts';
import ProductGallery from '../../src/islands/ProductGallery.tsx';
import CardImage from '../../src/islands/ui/CardImage.tsx';

/** Images in the bucket under MEDIA_PUBLIC_URL (decision 094): pages offer the bucket's variants. */
const CDN = 'https://cdn.example.gr';
const NAME = '1732000000000-a1b2c3-card.jpg';
const inBucket = { ...shownImage({ publicUrl: CDN }, NAME), width: 600, height: 840 };
const variant = (width: number) => `${CDN}/w${width}/${NAME}.webp`;

describe('images from the bucket', () => {
  it('a card offers the variants its image carries', () => {
    const html = renderToStaticMarkup(createElement(CardImage, { card: { title: 'Card', image: inBucket } }));
    expect(html).toContain(`src="${CDN}/${NAME}"`);
    expect(html).toContain(`srcSet="${variant(320)} 320w, ${variant(480)} 480w, ${variant(800)} 800w"`);
  });

  it('the gallery shows the 800 variant large, the 320 ones as thumbnails and the original full-screen', () => {
    const images = [
      { ...inBucket, alt: 'front' },
      { ...inBucket, alt: 'back' },
    ];
    const html = renderToStaticMarkup(createElement(ProductGallery, { images, title: 'Card' }));
    expect(html).toContain(`src="${variant(800)}"`);
    // Two thumbnails under the image, two more in the full-screen overlay, which shows the original.
    expect(html.split(`src="${variant(320)}"`)).toHaveLength(5);
    expect(html).toContain(`src="${CDN}/${NAME}"`);
  });

  it('an image of another host that carries no variants is offered as it is', () => {
    const html = renderToStaticMarkup(
      createElement(CardImage, {
        card: {
          title: 'Card',
          image: { url: 'https://cdn.shopify.com/s/files/card.jpg', width: 600, height: 840 },
        },
      }),
    );
    expect(html).toContain('src="https://cdn.shopify.com/s/files/card.jpg"');
    expect(html).not.toContain('srcSet');
  });
});
