/**
 * Saved audiences (ADR 0068): the console's only use of them, so all of the module's code is its
 * ops/ part; broadcasts reach it through the port app wiring fills (notifications' BroadcastAudiences).
 */
export { type AudienceReads, type Audiences, createAudiences } from './ops/actions.ts';
export { audienceOpsRoutes } from './ops/routes.ts';
