import type { ReferenceService } from './modules/reference/service.ts';

export interface Seedable {
  reference: Pick<ReferenceService, 'seed'>;
}

/**
 * The content a fresh installation needs, written at every start and idempotent, so a first boot
 * and the hundredth agree. Countries and currencies now; games, packages and the rest join here.
 */
export async function seedContent({ reference }: Seedable) {
  await reference.seed();
}
