import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CardParams,
  MESSAGES,
  VIDEO_BACKGROUND_DESIGNS,
  VIDEO_BACKGROUND_SHAPES,
  cardProfileUrl,
  notFoundError,
  parseCardId,
  validationError,
  type VideoBackgroundDesign,
  type VideoBackgroundShape,
} from '@kartvizit/schemas';
import {
  OFFICES_PROJECTION,
  SHARE_SETTINGS_PROJECTION,
  SHOWN_CARD_PROJECTIONS,
} from '@kartvizit/infra/read-models/contract';
import type { SecurityHeaderOverrides } from '@kartvizit/infra/http/security-headers';
import type { QueryContext } from '../core/context.ts';
import { QrRenderer } from '../card/qr.ts';
import { ShareImages, findQrCard, findShownCard } from './images.ts';

export interface ShareImageSettings {
  /** Origin of the public card pages: the codes encode `${publicBaseUrl}/p/${cardId}`. */
  readonly publicBaseUrl: string;
}

const TAG = ['share'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Without the current `?s=`: the same picture, but the owner's next look must show soon.
const SHORT_LIVED = 'public, max-age=300';
// A background is the profile as it is now (name, title, logo): it may change at any time.
const BACKGROUND_CACHE = 'public, max-age=300';
const PROJECTIONS = [...SHOWN_CARD_PROJECTIONS, SHARE_SETTINGS_PROJECTION, OFFICES_PROJECTION];

/**
 * Public pictures other places show: the e-mail signature in a mail app, the wallet passes, another site. Opened
 * directly, a file is a sandboxed document that may load nothing but its own embedded logo (data:) and run nothing.
 */
const IMAGE_SECURITY_HEADERS: SecurityHeaderOverrides = {
  contentSecurityPolicy: {
    'default-src': ["'none'"],
    'img-src': ['data:'],
    sandbox: [],
    'frame-ancestors': ["'none'"],
  },
  crossOriginResourcePolicy: 'cross-origin',
};

const BrandedQrQuery = Type.Object({
  s: Type.Optional(
    Type.String({
      maxLength: 40,
      description: "The QR look's version (GET /api/share); the current one makes the answer immutable.",
    }),
  ),
  download: Type.Optional(Type.String({ maxLength: 5, description: '1: answer as an attachment' })),
});

const BackgroundQuery = Type.Object({
  design: Type.Optional(
    Type.String({
      maxLength: 32,
      description: `${VIDEO_BACKGROUND_DESIGNS.join(' | ')} (default ${VIDEO_BACKGROUND_DESIGNS[0]})`,
    }),
  ),
  shape: Type.Optional(
    Type.String({ maxLength: 32, description: `${VIDEO_BACKGROUND_SHAPES.join(' | ')} (default wide)` }),
  ),
  download: Type.Optional(Type.String({ maxLength: 5, description: '1: answer as an attachment' })),
});

function designOrThrow(raw: string | undefined): VideoBackgroundDesign {
  const design = (VIDEO_BACKGROUND_DESIGNS as readonly string[]).find(
    (each) => each === (raw ?? VIDEO_BACKGROUND_DESIGNS[0]),
  );
  if (!design) throw validationError(MESSAGES.backgroundDesignInvalid, 'design');
  return design as VideoBackgroundDesign;
}

function shapeOrThrow(raw: string | undefined): VideoBackgroundShape {
  const shape = (VIDEO_BACKGROUND_SHAPES as readonly string[]).find((each) => each === (raw ?? 'wide'));
  if (!shape) throw validationError(MESSAGES.backgroundShapeInvalid, 'shape');
  return shape as VideoBackgroundShape;
}

/**
 * The share tools' images (issue 32), public like the plain QR: the branded QR (the owner's colours and logo, error
 * correction H) as PNG and SVG, and the video-call backgrounds as PNG.
 */
export function shareImageRoutes(context: QueryContext, settings: ShareImageSettings) {
  const images = new ShareImages(context, new QrRenderer());

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    // Drawn for every card the plain QR is drawn for (QR_CARDS): a card not yet activated shows the default look.
    for (const format of ['png', 'svg'] as const) {
      api.get(
        `/api/cards/:cardId/branded-qr.${format}`,
        {
          schema: {
            tags: TAG,
            params: CardParams,
            querystring: BrandedQrQuery,
            description: `The card's QR code in its owner's colours and logo as ${format.toUpperCase()}, encoding PUBLIC_BASE_URL/p/{cardId}.`,
          },
          config: { projections: PROJECTIONS, securityHeaders: IMAGE_SECURITY_HEADERS },
        },
        async (request, reply) => {
          const parsed = parseCardId(request.params.cardId);
          const card = parsed.ok ? await findQrCard(context, parsed.cardId) : undefined;
          if (!parsed.ok || !card) throw notFoundError(MESSAGES.cardNotFound);
          const style = await images.brandedStyle(card);
          const url = cardProfileUrl(settings.publicBaseUrl, card.cardId);
          reply.header('cache-control', request.query.s === style.version ? IMMUTABLE : SHORT_LIVED);
          if (request.query.download === '1') {
            reply.header('content-disposition', `attachment; filename="qrcode-${card.cardId}.${format}"`);
          }
          if (format === 'png') return reply.type('image/png').send(await images.qr.brandedPng(url, style.art));
          return reply.type('image/svg+xml').send(await images.qr.brandedSvg(url, style.art));
        },
      );
    }

    // Only for a card a visitor can open (SHOWN_CARDS): the picture carries the owner's name.
    api.get(
      '/api/cards/:cardId/background.png',
      {
        schema: {
          tags: TAG,
          params: CardParams,
          querystring: BackgroundQuery,
          description:
            "A video-call background (1920×1080 wide, 1080×1920 tall) with the owner's name, title, company, logo and the card's QR, in the card's theme colours.",
        },
        config: { projections: PROJECTIONS, securityHeaders: IMAGE_SECURITY_HEADERS },
      },
      async (request, reply) => {
        const design = designOrThrow(request.query.design);
        const shape = shapeOrThrow(request.query.shape);
        const parsed = parseCardId(request.params.cardId);
        const card = parsed.ok ? await findShownCard(context, parsed.cardId) : undefined;
        if (!parsed.ok || !card) throw notFoundError(MESSAGES.cardPublicProfileNotFound);
        const image = await images.background(card, cardProfileUrl(settings.publicBaseUrl, card.cardId), design, shape);
        reply.header('cache-control', BACKGROUND_CACHE);
        if (request.query.download === '1') {
          reply.header('content-disposition', `attachment; filename="arka-plan-${card.cardId}-${design}-${shape}.png"`);
        }
        return reply.type('image/png').send(image);
      },
    );
  };
}
