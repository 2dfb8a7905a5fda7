/** Widths the media route renders a stored image at; any other width is refused (no arbitrary resizing). */
export const IMAGE_WIDTHS = [320, 480, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * `sizes` for the card grids (2 columns on phones, 3 from md, 5-6 from lg). The layout stops growing at
 * 1280 px (max-w-7xl), where a card is about 200 px wide whatever the screen.
 */
export const GRID_SIZES = '(min-width: 1280px) 210px, (min-width: 768px) 30vw, 48vw';

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

/** Only stored raster images have resized variants; static placeholders and SVGs are served as they are. */
function isStoredImage(url: string): boolean {
  return /^\/media\/[^/?#]+$/.test(url) && !url.toLowerCase().endsWith('.svg');
}

/** The URL of a stored image at one of IMAGE_WIDTHS; any other URL is returned unchanged. */
export function variantUrl(url: string, width: ImageWidth): string {
  return isStoredImage(url) ? `${url}?w=${width}` : url;
}

/** A `srcset` of every variant of a stored image; undefined (no attribute) for any other URL. */
export function srcSet(url: string | null | undefined): string | undefined {
  if (!url || !isStoredImage(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}
