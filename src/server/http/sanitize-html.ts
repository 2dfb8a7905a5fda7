import sanitizeHtml from 'sanitize-html';

/** Absolute links only: a relative or scheme-less href could be read against an unexpected base. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/**
 * What a product description may keep: text structure and links, nothing that runs, loads or
 * restyles. Anything else is dropped (script and style contents too), attributes are stripped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose text is code or markup, never prose: drop them with everything inside.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'svg',
    'math',
    'template',
    'object',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      // Links leave the shop in a new tab, pass no referrer or opener, and earn the target no ranking.
      const safe: sanitizeHtml.Attributes = { rel: 'noopener noreferrer nofollow', target: '_blank' };
      if (SAFE_HREF.test(href)) safe.href = href;
      return { tagName, attribs: safe };
    },
  },
};

/** The admin's descriptionHtml made safe to render with set:html. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
