// @ts-check
// Tile Merge's own words, in English and Kiswahili (docs/glossary.md); the game's name is a name.

/**
 * @type {import('/play/sdk/language.js').Dictionary<
 *   'score' | 'bestTile' | 'endGame' | 'confirmEnd' | 'help' | 'board' | 'noMoves' | 'ended'
 * >}
 */
export const text = {
  en: {
    score: 'Score',
    bestTile: 'Best tile',
    endGame: 'End game',
    confirmEnd: 'Tap again to end',
    help: 'Swipe or use the arrow keys. Two equal tiles merge into one worth double. P or Esc pauses.',
    board: 'Board',
    noMoves: 'No more moves',
    ended: 'Game ended',
  },
  sw: {
    score: 'Alama',
    bestTile: 'Kigae kikubwa',
    endGame: 'Maliza mchezo',
    confirmEnd: 'Gusa tena kumaliza',
    help: 'Telezesha kidole au tumia vitufe vya mishale. Vigae viwili vinavyolingana huungana kuwa kimoja chenye thamani maradufu. P au Esc husimamisha mchezo.',
    board: 'Ubao',
    noMoves: 'Hakuna hatua zaidi',
    ended: 'Umemaliza mchezo',
  },
};
