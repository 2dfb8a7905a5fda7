/**
 * Folds text for matching: lower case, no accents or diacritics, final sigma as sigma,
 * so 'Αντετοκουνμπο' finds 'Αντετοκούνμπο' and 'DONČIĆ' finds 'doncic'.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of a trusted HTML fragment, for search and meta descriptions (never for rendering). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|li|h[1-6]|div)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#x') || entity.startsWith('#X'))
        return codePoint(Number.parseInt(entity.slice(2), 16));
      if (entity.startsWith('#')) return codePoint(Number(entity.slice(1)));
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** A numeric character reference's character; NUL, surrogates and out-of-range numbers become U+FFFD. */
function codePoint(code: number): string {
  const valid = Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : '\uFFFD';
}
