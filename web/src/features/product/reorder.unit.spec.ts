import { describe, expect, it } from 'vitest';
import { moveAnnouncement, moveItem, orderBody } from './reorder.ts';

const products = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }, { _id: 'd' }];
const ids = (items: ReadonlyArray<{ _id: string }>) => items.map((item) => item._id).join('');

describe('moving a product in the list', () => {
  it('given four products, when the last is dragged onto the first, then it becomes first and the rest shift down', () => {
    expect(ids(moveItem(products, 3, 0))).toBe('dabc');
  });

  it('given four products, when the first is dragged onto the third, then it takes the third place', () => {
    expect(ids(moveItem(products, 0, 2))).toBe('bcad');
  });

  it('one step up and down, as the move buttons do', () => {
    expect(ids(moveItem(products, 2, 1))).toBe('acbd');
    expect(ids(moveItem(products, 1, 2))).toBe('acbd');
  });

  it('past either end it stops at the end; nowhere to go leaves the very same list', () => {
    expect(ids(moveItem(products, 1, 99))).toBe('acdb');
    expect(ids(moveItem(products, 2, -5))).toBe('cabd');
    expect(moveItem(products, 0, -1)).toBe(products);
    expect(moveItem(products, 3, 4)).toBe(products);
    expect(moveItem(products, 7, 0)).toBe(products);
  });

  it('does not change the list it was given', () => {
    moveItem(products, 0, 3);
    expect(ids(products)).toBe('abcd');
  });
});

describe('the reorder request', () => {
  it('names every product once with its zero-based place', () => {
    expect(orderBody(moveItem(products, 3, 0))).toEqual({
      products: [
        { id: 'd', order: 0 },
        { id: 'a', order: 1 },
        { id: 'b', order: 2 },
        { id: 'c', order: 3 },
      ],
    });
  });
});

describe('the announcement', () => {
  it('says the new place counted from one, in Turkish', () => {
    expect(moveAnnouncement('Bahçeli villa', 0, 3)).toBe('Bahçeli villa, 3 ürün içinde 1. sıraya taşındı');
  });
});
