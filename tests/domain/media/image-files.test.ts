import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, sanitizeBaseName, sniffImage } from '../../../src/domain/media/image-files.ts';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? Array.from(Buffer.from(part)) : part)));

const blank = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#0a0' } });

describe('sniffImage', () => {
  it('recognises the signatures of the allowed kinds', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImage(bytes('GIF87a', [1, 0]))).toBe('gif');
    expect(sniffImage(bytes('GIF89a', [1, 0]))).toBe('gif');
    expect(sniffImage(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe('avif');
    expect(sniffImage(bytes([0, 0, 0, 0x1c], 'ftypavis'))).toBe('avif');
  });

  it('recognises real files made by an encoder', async () => {
    expect(sniffImage(await blank().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await blank().png().toBuffer())).toBe('png');
    expect(sniffImage(await blank().webp().toBuffer())).toBe('webp');
    expect(sniffImage(await blank().gif().toBuffer())).toBe('gif');
    expect(sniffImage(await blank().avif().toBuffer())).toBe('avif');
  });

  it('refuses a PDF, whatever it is called', () => {
    expect(sniffImage(bytes('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj'))).toBeNull();
  });

  it('refuses SVG and other XML text', () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffImage(bytes('<html><body>hi</body></html>'))).toBeNull();
  });

  it('refuses empty and truncated input', () => {
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImage(bytes('RIFF'))).toBeNull();
    expect(sniffImage(bytes('GIF8'))).toBeNull();
  });

  it('refuses look-alikes of other formats', () => {
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBeNull();
    expect(sniffImage(bytes('PK', [3, 4]))).toBeNull();
  });
});

describe('sanitizeBaseName', () => {
  it('keeps only the last path segment, with no slashes or dots', () => {
    expect(sanitizeBaseName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeBaseName('..\\..\\windows\\evil.exe')).toBe('evil');
    expect(sanitizeBaseName('C:\\Users\\me\\photo.final.jpg')).toBe('photo-final');
  });

  it('drops the extension and turns other characters into single hyphens', () => {
    expect(sanitizeBaseName('my card (1).JPG')).toBe('my-card-1');
    expect(sanitizeBaseName('a b  c.jpeg')).toBe('a-b-c');
    expect(sanitizeBaseName('under_score-ok.png')).toBe('under_score-ok');
  });

  it('strips Latin diacritics and drops Greek letters', () => {
    expect(sanitizeBaseName('Dončić card.png')).toBe('Doncic-card');
    expect(sanitizeBaseName('Κάρτα 1.JPG')).toBe('1');
    expect(sanitizeBaseName('Κάρτα.JPG')).toBe('image');
  });

  it('never gives an empty name', () => {
    expect(sanitizeBaseName('')).toBe('image');
    expect(sanitizeBaseName('..')).toBe('image');
    expect(sanitizeBaseName('.jpg')).toBe('image');
    expect(sanitizeBaseName('dir/')).toBe('image');
  });

  it('cuts long names to 60 characters', () => {
    expect(sanitizeBaseName(`${'x'.repeat(100)}.png`)).toBe('x'.repeat(60));
  });

  it('always gives a safe name', () => {
    const hostile = [
      '../../etc/passwd',
      '/absolute/path/.hidden',
      'name\u0000.png',
      'a%2F..%2Fb.jpg',
      '<script>alert(1)</script>.png',
      '  spaces  .png',
      '😀😀.gif',
      `${'é'.repeat(200)}.webp`,
    ];
    for (const name of hostile) expect(sanitizeBaseName(name), name).toMatch(/^[A-Za-z0-9_-]{1,60}$/);
  });
});

describe('MAX_UPLOAD_BYTES', () => {
  it('is the spec limit of 20 MiB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20_971_520);
  });
});
