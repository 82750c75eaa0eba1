import { describe, expect, it } from 'vitest';
import { launchUrlIn } from './launch-url';

const origin = 'http://localhost:3000';

describe("a game's launch address", () => {
  it("carries the player's language, so the game opens in Kiswahili for a Kiswahili player", () => {
    expect(launchUrlIn('/play/matatu-rush/?username=u&session=s', 'sw', origin)).toBe(
      '/play/matatu-rush/?username=u&session=s&lang=sw',
    );
    expect(launchUrlIn('/play/matatu-rush/?session=s', 'sw-KE', origin)).toBe(
      '/play/matatu-rush/?session=s&lang=sw',
    );
  });

  it('falls back to English for a language PlayOn does not speak', () => {
    expect(launchUrlIn('/play/tile-merge/?session=s', 'fr', origin)).toBe(
      '/play/tile-merge/?session=s&lang=en',
    );
  });

  it('keeps a game on another address whole', () => {
    expect(launchUrlIn('https://games.example/run/?session=s', 'sw', origin)).toBe(
      'https://games.example/run/?session=s&lang=sw',
    );
  });
});
