import type { ChallengeOutcome } from '@playon/shared/challenges';

/** Points as players read them: stored as hundredths. */
export const points = (hundredths: number) => hundredths / 100;

/** How a challenge ended, from the side whose points come first. */
export const outcomeOf = (mine: number, theirs: number): ChallengeOutcome =>
  mine > theirs ? 'won' : mine < theirs ? 'lost' : 'tied';
