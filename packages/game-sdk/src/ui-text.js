// @ts-check
// What the SDK's own screens say, in English (unchanged since before Kiswahili) and Kiswahili
// (docs/glossary.md: alama for score, cheza for play, nafasi for rank).

const en = Object.freeze({
  back: 'Back to PlayOn',
  start: 'Start',
  playAgain: 'Play again',
  yourScore: 'Your score',
  gameOver: 'Game over',
  saving: 'Saving your score…',
  savedRank: 'Score saved. You are #{rank}.',
  savedBest: 'Score saved. Your best: {best}.',
  waiting:
    'Waiting to send: no network. Your score is kept on this phone and is sent when you are back online.',
  sent: 'Score sent.',
  refused: 'Not counted: {reason}',
  practice: 'Practice round: this score is not saved. Tap Play now in PlayOn to play for a saved score.',
  oneScorePerPlay:
    'PlayOn saves one score per play: Play again here is practice. For a new saved score, go back and tap Play now.',
  pause: 'Pause',
  paused: 'Paused',
  resume: 'Resume',
  pausedHint: 'The game waits for you. Press P or Esc to play on.',
  scoreIs: 'Score: {score}',
  challengeFriend: 'Challenge a friend',
  seeResult: 'See the result',
});

/** @type {Readonly<Record<keyof typeof en, string>>} */
const sw = Object.freeze({
  back: 'Rudi PlayOn',
  start: 'Anza',
  playAgain: 'Cheza tena',
  yourScore: 'Alama zako',
  gameOver: 'Mchezo umekwisha',
  saving: 'Tunahifadhi alama zako…',
  savedRank: 'Alama zimehifadhiwa. Uko nafasi ya {rank}.',
  savedBest: 'Alama zimehifadhiwa. Alama zako bora: {best}.',
  waiting:
    'Inasubiri kutumwa: hakuna mtandao. Alama zako zimehifadhiwa kwenye simu hii na zitatumwa utakaporudi mtandaoni.',
  sent: 'Alama zimetumwa.',
  refused: 'Hazikuhesabiwa: {reason}',
  practice:
    'Mzunguko wa mazoezi: alama hizi hazihifadhiwi. Gusa Cheza sasa kwenye PlayOn ili ucheze kwa alama zitakazohifadhiwa.',
  oneScorePerPlay:
    'PlayOn huhifadhi alama moja kwa kila mchezo: Cheza tena hapa ni mazoezi. Kwa alama mpya zitakazohifadhiwa, rudi na uguse Cheza sasa.',
  pause: 'Simamisha',
  paused: 'Mchezo umesimama',
  resume: 'Endelea',
  pausedHint: 'Mchezo unakusubiri. Bonyeza P au Esc uendelee kucheza.',
  scoreIs: 'Alama: {score}',
  challengeFriend: 'Mpe rafiki changamoto',
  seeResult: 'Tazama matokeo',
});

/** @type {import('./language.js').Dictionary<keyof typeof en>} */
export const uiTexts = Object.freeze({ en, sw });
