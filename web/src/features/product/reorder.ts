/** Reordering the owner's list: pure arithmetic shared by dragging and the move buttons. */

/** `items` with the one at `from` moved to `to` (both zero-based, clamped); the same array when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): readonly T[] {
  if (from < 0 || from >= items.length) return items;
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (target === from) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return items;
  next.splice(target, 0, moved);
  return next;
}

/** PUT /api/products/order/update: every product once, with its zero-based place. */
export function orderBody(items: ReadonlyArray<{ readonly _id: string }>): { products: Array<{ id: string; order: number }> } {
  return { products: items.map((item, order) => ({ id: item._id, order })) };
}

/** What a screen reader hears after a move. */
export function moveAnnouncement(name: string, place: number, count: number): string {
  return `${name}, ${count} ürün içinde ${place + 1}. sıraya taşındı`;
}
