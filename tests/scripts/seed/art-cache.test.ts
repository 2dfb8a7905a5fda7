import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedRender } from '../../../scripts/seed/art-cache.ts';

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-art-cache-'));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('cachedRender', () => {
  it('renders a key once and reads it back after; another key renders again', async () => {
    const renders: string[] = [];
    const render = (text: string) => async () => {
      renders.push(text);
      return new TextEncoder().encode(text);
    };
    const first = await cachedRender('card 1', render('one'), folder);
    const again = await cachedRender('card 1', render('not used'), folder);
    const other = await cachedRender('card 2', render('two'), folder);

    expect(new TextDecoder().decode(first)).toBe('one');
    expect(new TextDecoder().decode(again)).toBe('one');
    expect(new TextDecoder().decode(other)).toBe('two');
    expect(renders).toEqual(['one', 'two']);
    // Only whole files: no partial write is left behind.
    expect(fs.readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('still answers when the cache cannot be written', async () => {
    const file = path.join(folder, 'not-a-folder');
    fs.writeFileSync(file, '');
    const bytes = await cachedRender('card', async () => new Uint8Array([1, 2, 3]), file);
    expect([...bytes]).toEqual([1, 2, 3]);
  });
});
