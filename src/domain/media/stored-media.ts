// An uploaded image as a media backend stored it, and a stored file as it is served.

export type StoredMedia = {
  /** What a product's mediaIds name it by: a gid on the embedded engine, a staged upload's URL on Shopify. */
  id: string;
  /**
   * Public URL path, for example /media/1732000000000-a1b2c3-card.webp; empty where the backend shows
   * an image only once it is on a product (Shopify's staged uploads).
   */
  url: string;
  width: number;
  height: number;
  contentType: string;
};

export type MediaFile = { bytes: Uint8Array; contentType: string };
