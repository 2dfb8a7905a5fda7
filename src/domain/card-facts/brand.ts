import { foldText } from '../text/fold.ts';

/** Card makers, as they are written, longest first so "Upper Deck" wins over a bare word. */
const MAKERS = ['Upper Deck', 'Panini', 'Topps', 'Futera', 'Leaf', 'Fleer', 'Bowman'] as const;

/** Set names that are sold without the maker's name in front (Prizm is Panini's, Finest is Topps'). */
const SET_MAKERS: Record<string, (typeof MAKERS)[number]> = {
  prizm: 'Panini',
  select: 'Panini',
  mosaic: 'Panini',
  optic: 'Panini',
  donruss: 'Panini',
  hoops: 'Panini',
  'national treasures': 'Panini',
  contenders: 'Panini',
  chrome: 'Topps',
  finest: 'Topps',
  'stadium club': 'Topps',
  'sp authentic': 'Upper Deck',
  'young guns': 'Upper Deck',
};

const wordsOf = (text: string) => ` ${foldText(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;

/**
 * The card's maker, read from its title ("2023-24 Panini Prizm ..." -> Panini), or null when the
 * title names none. The catalogue has no maker field yet; this reads what the title says.
 */
export function cardBrand(title: string): string | null {
  const words = wordsOf(title);
  for (const maker of MAKERS) if (words.includes(wordsOf(maker))) return maker;
  for (const [set, maker] of Object.entries(SET_MAKERS)) if (words.includes(` ${set} `)) return maker;
  return null;
}
