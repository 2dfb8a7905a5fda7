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

// Greek to Latin (ELOT 743, simplified): what a Greek shopper types for a name the catalogue
// spells in Latin letters, e.g. 'Αντετοκουνμπο' -> 'antetokounmpo', 'Σλουκας' -> 'sloukas'.
const DIGRAPHS: Array<[RegExp, string]> = [
  [/ου/g, 'ou'],
  [/αυ/g, 'av'],
  [/ευ/g, 'ev'],
  [/(^|\s)μπ/g, '$1b'],
  [/μπ/g, 'mp'],
  [/(^|\s)ντ/g, '$1d'],
  [/ντ/g, 'nt'],
  [/(^|\s)γκ/g, '$1g'],
  [/γκ|γγ/g, 'ng'],
  [/θ/g, 'th'],
  [/χ/g, 'ch'],
  [/ψ/g, 'ps'],
];
const LETTERS: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  ω: 'o',
};

export const hasGreek = (text: string) => /[\u0370-\u03ff]/.test(text);

/**
 * Latin spellings of folded Greek text: the ELOT form, and one with 'χ' as 'h' (Μαχομς -> mahoms),
 * the way names are often written. Text without Greek letters comes back alone.
 */
export function latinSpellings(folded: string): string[] {
  if (!hasGreek(folded)) return [folded];
  let latin = folded;
  for (const [pattern, replacement] of DIGRAPHS) latin = latin.replace(pattern, replacement);
  latin = latin.replace(/[α-ω]/g, (letter) => LETTERS[letter] ?? letter);
  return [...new Set([latin, latin.replace(/ch/g, 'h')])];
}

/**
 * The key names sort by, in the Greek locale's order (spec section 9): accents and case ignored,
 * Greek letters before Latin ones (as Intl.Collator('el') orders them), digits first. Latin
 * letters are moved past the Greek block so the database's plain byte order gives that result.
 */
export function nameSortKey(title: string): string {
  return foldText(title).replace(/[a-z]/g, (letter) => String.fromCharCode(0x0400 + letter.charCodeAt(0)));
}
