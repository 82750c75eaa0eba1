import type { OpsTournament } from '@playon/shared/ops-content';

/** A tournament's state as the console names it. */
export const stateLabels: Record<OpsTournament['state'], string> = {
  UPCOMING: 'Upcoming',
  ONGOING: 'Running',
  ENDED: 'Ended, ranking soon',
  RANKED: 'Ranked',
  CANCELLED: 'Cancelled',
};
