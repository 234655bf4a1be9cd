import { accountsProjection } from './account/accounts-projection.ts';
import type { Projection } from './core/projection.ts';

/** Every read model this service keeps. A feature adds its projection here. */
export const PROJECTIONS: readonly Projection[] = [accountsProjection];

export function findProjection(name: string): Projection | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}
