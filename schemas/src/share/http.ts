import { Type, type Static } from 'typebox';
import { literalUnion, Position } from '../common/http.ts';
import { QR_LOGOS } from './model.ts';

const Colour = Type.String({ maxLength: 32 });

export const QrStyleBody = Type.Object(
  {
    foreground: Colour,
    background: Colour,
    logo: Type.String({ maxLength: 32 }),
  },
  { additionalProperties: false },
);
export type QrStyleBody = Static<typeof QrStyleBody>;

const QrStyleFields = {
  foreground: Type.String(),
  background: Type.String(),
  logo: literalUnion(QR_LOGOS),
};

/** The look as saved (the command's answer). */
export const QrStyleSaved = Type.Object(QrStyleFields);

export const QrStyleView = Type.Object({
  ...QrStyleFields,
  /**
   * The branded images' `?s=`: the look's time and which logo it carries. Changes with either, so a new look or a new
   * logo is never hidden by a copy cached for good.
   */
  version: Type.String(),
});
export type QrStyleView = Static<typeof QrStyleView>;

export const PersonalAddressBody = Type.Object(
  {
    slug: Type.String({ maxLength: 200 }),
    cardId: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type PersonalAddressBody = Static<typeof PersonalAddressBody>;

export const PersonalAddressView = Type.Object({
  slug: Type.String(),
  cardId: Type.String(),
  url: Type.String(),
});
export type PersonalAddressView = Static<typeof PersonalAddressView>;

export const PreviousAddressView = Type.Object({
  slug: Type.String(),
  url: Type.String(),
  /** When it stops leading to the owner and becomes free (ISO). */
  until: Type.String(),
});

export const ShareSettingsResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    qr: QrStyleView,
    address: Type.Union([PersonalAddressView, Type.Null()]),
    previousAddresses: Type.Array(PreviousAddressView),
  }),
});
export type ShareSettingsResponse = Static<typeof ShareSettingsResponse>;

export const QrStyleResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ qr: QrStyleSaved }),
  position: Type.Optional(Position),
});

export const PersonalAddressResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ address: Type.Union([PersonalAddressView, Type.Null()]) }),
  position: Type.Optional(Position),
});
