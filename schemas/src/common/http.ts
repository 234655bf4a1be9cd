import { Type, type Static, type TLiteral, type TUnion } from 'typebox';

type Literals<Values extends readonly string[]> = { -readonly [K in keyof Values]: TLiteral<Values[K]> };

/**
 * A union of one literal per member of a `const` list: the list is written once (in the feature's
 * model.ts) and both its TypeScript type and this schema come from it. `anyOf` of `const`s, as
 * `Type.Union([Type.Literal(…), …])` writes it, so the OpenAPI document is unchanged.
 */
export function literalUnion<const Values extends readonly string[]>(
  values: Values,
  options: { readonly description?: string } = {},
): TUnion<Literals<Values>> {
  return Type.Union(values.map((value) => Type.Literal(value)) as [...Literals<Values>], options);
}

/** Every failure answers with this shape and a Turkish message. */
export const ErrorResponse = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  /** Field the message is about, so a form can show it beside that field. */
  field: Type.Optional(Type.String()),
  /** Every problem, when the message sums up several (each line of an uploaded file), in Turkish. */
  details: Type.Optional(Type.Array(Type.String())),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/**
 * A route's error answers for its OpenAPI schema: every listed status answers the one error shape
 * (`errorAnswers(400, 401, 404)`), so a route file names its statuses instead of writing the map out.
 */
export function errorAnswers<const Status extends number>(
  ...statuses: readonly Status[]
): { readonly [S in Status]: typeof ErrorResponse } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as {
    readonly [S in Status]: typeof ErrorResponse;
  };
}

/** Commands answer with the event-store position they produced (read-your-writes). */
export const Position = Type.String({ description: 'Opaque position; send back as x-min-position' });

export const Uuid = Type.String({ format: 'uuid' });
