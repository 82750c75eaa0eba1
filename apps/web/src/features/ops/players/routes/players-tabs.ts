import type { OpsTab } from '../../components/ops-tabs';

/** The Players area's screens: finding a player, and the data requests' register. */
export const playersTabs: OpsTab[] = [
  { to: '/ops/players', label: 'Find a player', end: true },
  { to: '/ops/players/data-requests', label: 'Data requests' },
];
