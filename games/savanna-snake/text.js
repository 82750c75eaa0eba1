// @ts-check
// Savanna Snake's own words, in English and Kiswahili (docs/glossary.md); the game's name is a name.

/** @type {import('/play/sdk/language.js').Dictionary<'hint' | 'score' | 'speed' | 'field' | 'filled'>} */
export const text = {
  en: {
    hint: 'Swipe or use the arrow keys to turn. Eat fruit to grow: each one is 10 points and makes you faster. Avoid the edges and your own tail. P or Esc pauses.',
    score: 'Score',
    speed: 'Speed',
    field: 'The savanna, where the snake moves',
    filled: 'You filled the savanna!',
  },
  sw: {
    hint: 'Telezesha kidole au tumia vitufe vya mishale kugeuka. Kula matunda ili ukue: kila tunda ni alama 10 na linakuongezea kasi. Epuka kingo na mkia wako mwenyewe. P au Esc husimamisha mchezo.',
    score: 'Alama',
    speed: 'Kasi',
    field: 'Mbuga, ambapo nyoka anatembea',
    filled: 'Umejaza mbuga yote!',
  },
};
