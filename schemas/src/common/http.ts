import { Type, type Static } from 'typebox';

/** Every failure answers with this shape and a Turkish message. */
export const ErrorResponse = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  /** Field the message is about, so a form can show it beside that field. */
  field: Type.Optional(Type.String()),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/** Commands answer with the event-store position they produced (read-your-writes). */
export const Position = Type.String({ description: 'Opaque position; send back as x-min-position' });

export const Uuid = Type.String({ format: 'uuid' });
