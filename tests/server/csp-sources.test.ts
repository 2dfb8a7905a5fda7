import { describe, expect, it } from 'vitest';
import { extraCspSources } from '../../src/server/csp-sources.ts';

describe('extra CSP sources', () => {
  it('allow nothing else for the embedded backends', () => {
    expect(extraCspSources({})).toEqual({ connect: [], img: [] });
  });

  it('let the Firebase login reach Google and the emulator', () => {
    expect(
      extraCspSources({
        AUTH_BACKEND: 'firebase',
        PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099/',
      }).connect,
    ).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'http://127.0.0.1:9099',
    ]);
  });
});
