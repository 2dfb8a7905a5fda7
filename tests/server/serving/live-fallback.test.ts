import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withLiveFallback } from '../../../src/server/serving/live-fallback.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-client-'));
fs.mkdirSync(path.join(clientDir, 'player', 'Giannis Antetokounmpo', 'Milwaukee Bucks'), { recursive: true });
fs.writeFileSync(
  path.join(clientDir, 'player', 'Giannis Antetokounmpo', 'Milwaukee Bucks', 'index.html'),
  '<h1>',
);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

describe('withLiveFallback', () => {
  it('names the file of a URL whose pre-rendered page exists, query kept', () => {
    expect(withLiveFallback('/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks?ref=menu', clientDir)).toBe(
      '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks/index.html?ref=menu',
    );
  });

  it('finds the file of a name that holds & (encoded as %26), so no redirect is needed', () => {
    const folder = path.join(clientDir, 'player', 'Danny Welbeck', 'Brighton & Hove Albion');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'index.html'), '<h1>');
    expect(withLiveFallback('/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion', clientDir)).toBe(
      '/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion/index.html',
    );
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
