/**
 * The success answer every JSON route gives: `{ success: true, ...fields }` (the web reads `success` before anything
 * else). Failures have their one shape in the error handler.
 */
export function succeeded<const Fields extends object>(fields: Fields): { readonly success: true } & Fields {
  return { success: true, ...fields };
}
