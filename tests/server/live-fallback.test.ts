import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withLiveFallback } from '../../src/server/live-fallback.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-client-'));
fs.mkdirSync(path.join(clientDir, 'player', 'Giannis Antetokounmpo', 'Milwaukee Bucks'), { recursive: true });
fs.writeFileSync(
  path.join(clientDir, 'player', 'Giannis Antetokounmpo', 'Milwaukee Bucks', 'index.html'),
  '<h1>',
);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

describe('withLiveFallback', () => {
  it('keeps a URL whose pre-rendered page exists', () => {
    const url = '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks?ref=menu';
    expect(withLiveFallback(url, clientDir)).toBe(url);
  });

  it('sends a player page with no pre-rendered file to its on-demand twin, query kept', () => {
    expect(withLiveFallback('/player/New%20Player/Olympiacos?x=1', clientDir)).toBe(
      '/live/player/New%20Player/Olympiacos?x=1',
    );
  });

  it('leaves other paths alone, and never looks outside the client folder', () => {
    expect(withLiveFallback('/singles?category=NBA', clientDir)).toBe('/singles?category=NBA');
    expect(withLiveFallback('/player/..%2F..%2F..%2Fetc', clientDir)).toBe('/live/player/..%2F..%2F..%2Fetc');
    expect(withLiveFallback('/player/%E0%A4%A', clientDir)).toBe('/player/%E0%A4%A');
  });
});
