// @ts-check
// Matatu Rush's own words, in English and Kiswahili (docs/glossary.md); the game's name is a name.

/** @type {import('/play/sdk/language.js').Dictionary<'hint' | 'score' | 'road' | 'crash'>} */
export const text = {
  en: {
    hint: 'Tap the left or right side of the road (or press ← →) to change lanes. Dodge the oncoming traffic: the longer you last, the more you score. P or Esc pauses.',
    score: 'Score',
    road: 'The highway, with your matatu near the bottom',
    crash: 'Crash!',
  },
  sw: {
    hint: 'Gusa upande wa kushoto au wa kulia wa barabara (au bonyeza ← →) kubadilisha njia. Kwepa magari yanayokuja: kadiri unavyodumu, ndivyo alama zako zinavyoongezeka. P au Esc husimamisha mchezo.',
    score: 'Alama',
    road: 'Barabara kuu, na matatu yako karibu na chini',
    crash: 'Ajali!',
  },
};
