import { describe, expect, it } from 'vitest';
import { foldText, htmlToText, latinSpellings } from '../../../src/domain/text/fold.ts';

describe('foldText', () => {
  it('drops Greek accents and lower-cases, so an unaccented query matches', () => {
    expect(foldText('Αντετοκούνμπο')).toBe('αντετοκουνμπο');
    expect(foldText('ΑΝΤΕΤΟΚΟΎΝΜΠΟ')).toBe('αντετοκουνμπο');
    expect(foldText('Αντετοκούνμπο')).toBe(foldText('αντετοκουνμπο'));
  });

  it('drops the dialytika as well as the tonos', () => {
    expect(foldText('προϊόν')).toBe('προιον');
    expect(foldText('ΐ')).toBe('ι');
  });

  it('turns final sigma into sigma, also when upper case is lowered', () => {
    expect(foldText('Παπαδόπουλος')).toBe('παπαδοπουλοσ');
    expect(foldText('ΣΛΟΥΚΑΣ')).toBe('σλουκασ');
    expect(foldText('Ελλάς')).toBe(foldText('ΕΛΛΑΣ'));
    expect(foldText('ελλας')).not.toContain('ς');
  });

  it('drops Latin diacritics', () => {
    expect(foldText('Dončić')).toBe('doncic');
    expect(foldText('DONČIĆ')).toBe('doncic');
    expect(foldText('Jokić')).toBe('jokic');
    expect(foldText('Fenerbahçe')).toBe('fenerbahce');
    expect(foldText('Müller')).toBe('muller');
  });

  it('trims the ends but keeps inner spaces', () => {
    expect(foldText('  Luka  Dončić \n')).toBe('luka  doncic');
    expect(foldText('')).toBe('');
  });
});

describe('htmlToText', () => {
  it('removes tags and puts block ends and line breaks on new lines', () => {
    expect(htmlToText('<p>Hello <strong>world</strong></p><p>Bye</p>')).toBe('Hello world\nBye');
    expect(htmlToText('<ul><li>One</li><li>Two</li></ul>')).toBe('One\nTwo');
    expect(htmlToText('a<br>b<br/>c<BR />d')).toBe('a\nb\nc\nd');
    expect(htmlToText('<h2>Title</h2><div>Body</div>')).toBe('Title\nBody');
  });

  it('decodes named, decimal and hex entities', () => {
    expect(htmlToText('&amp; &lt; &gt; &quot; &apos;')).toBe('& < > " \'');
    expect(htmlToText('&#65;&#x42;&#X43;&#x3b1;')).toBe('ABCα');
    expect(htmlToText('&AMP;')).toBe('&');
  });

  it('turns &nbsp; into a plain space and collapses runs of spaces', () => {
    expect(htmlToText('a&nbsp;&nbsp;b   c\t\td')).toBe('a b c d');
  });

  it('keeps unknown entities as written', () => {
    expect(htmlToText('Tom &foo; Jerry')).toBe('Tom &foo; Jerry');
  });

  it('decodes entities after removing tags, so escaped markup stays text', () => {
    expect(htmlToText('&lt;b&gt;bold&lt;/b&gt;')).toBe('<b>bold</b>');
  });

  it('strips script and style elements with their content', () => {
    expect(htmlToText('a<script>alert("x")</script>b<style>.x { color: red }</style>c')).toBe('a b c');
    expect(htmlToText('<SCRIPT type="text/javascript">var s = "<p>";</SCRIPT>ok')).toBe('ok');
    expect(htmlToText('<style media="print">\np { }\n</style>\n<p>Card</p>')).toBe('Card');
  });

  it('trims and removes blank space around line breaks', () => {
    expect(htmlToText('  <p>  one  </p>\n\n  <p> two </p>  ')).toBe('one\ntwo');
    expect(htmlToText('')).toBe('');
  });

  it('turns a numeric entity beyond Unicode, a surrogate or NUL into U+FFFD instead of throwing', () => {
    expect(htmlToText('a &#99999999; b')).toBe('a \uFFFD b');
    expect(htmlToText('a &#x110000; b')).toBe('a \uFFFD b');
    expect(htmlToText('a &#xD800; &#0; b')).toBe('a \uFFFD \uFFFD b');
  });
});

describe('latinSpellings', () => {
  it('spells folded Greek in Latin letters, digraphs first', () => {
    expect(latinSpellings(foldText('Αντετοκούνμπο'))).toContain('antetokounmpo');
    expect(latinSpellings(foldText('Σλούκας'))).toEqual(['sloukas']);
    expect(latinSpellings(foldText('Μπακασέτας'))).toContain('bakasetas');
    expect(latinSpellings(foldText('Θεόδωρος'))).toContain('theodoros');
  });

  it("also gives 'h' for 'χ', and leaves Latin text alone", () => {
    expect(latinSpellings(foldText('Μαχόμς'))).toEqual(['machoms', 'mahoms']);
    expect(latinSpellings('giannis')).toEqual(['giannis']);
  });
});
