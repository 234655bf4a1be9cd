/** True for "relation does not exist": a read model whose first generation is not built yet. */
export function isMissingRelation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42P01';
}
