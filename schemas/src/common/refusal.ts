/**
 * How a form's rules refuse (product and listing rules): the first problem found, thrown with the field it is about,
 * and caught once at the rules' door, which answers it as `{ ok: false, message, field }`.
 */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export function refuse(message: string, field: string): never {
  throw new Refusal(message, field);
}
