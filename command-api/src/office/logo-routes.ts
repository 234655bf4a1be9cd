import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MESSAGES,
  OfficeCommandResponse,
  OfficeIdParams,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  errorAnswers,
  officeStreamId,
  validationError,
} from '@kartvizit/schemas';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { CommandContext } from '../core/context.ts';
import { PayloadTooLargeError, isPartsLimit, readLimited, sendPayloadTooLarge } from '../core/multipart.ts';
import { ownOfficeId } from '@kartvizit/schemas/office/path';
import { deleteImages, prepareImage, storeImages } from '../core/profile-images.ts';
import { administeredBy, officeDecider } from './decider.ts';

const TAG = ['office'];
const ERRORS = errorAnswers(400, 401, 403, 404, 413, 415, 503);
const LOGO_FIELD = 'companyLogo';
const LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 4,
  fileSize: PROFILE_IMAGE_MAX_BYTES.companyLogo + 1,
  files: 1,
  parts: 5,
  headerPairs: 20,
};

/**
 * The office's logo (decision 61): `PUT /api/offices/{id}/logo` with one file part `companyLogo` (checked, resized and
 * stored like a profile's company logo, under the office's folder), `DELETE` to remove it. Admins only.
 */
export function officeLogoRoutes(context: CommandContext) {
  const { commands, blobs } = context;

  async function readLogo(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw validationError(MESSAGES.officeLogoRequired, LOGO_FIELD);
    let logo: Buffer | null = null;
    try {
      for await (const part of request.parts({ limits: LIMITS })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== LOGO_FIELD) {
          part.file.resume();
          throw validationError(MESSAGES.profileImageFieldUnexpected, part.fieldname);
        }
        const bytes = await readLimited(part.file, PROFILE_IMAGE_MAX_BYTES.companyLogo);
        if (bytes === null || part.file.truncated)
          throw new PayloadTooLargeError(PROFILE_IMAGE_TOO_LARGE.companyLogo, LOGO_FIELD);
        logo = bytes;
      }
    } catch (error) {
      if (isPartsLimit(error)) throw validationError(MESSAGES.invalidRequest);
      throw error;
    }
    if (!logo || logo.length === 0) throw validationError(MESSAGES.officeLogoRequired, LOGO_FIELD);
    return logo;
  }

  async function change(request: FastifyRequest, rawId: string, logo: Buffer | null) {
    const person = request.person;
    const officeId = ownOfficeId(person, rawId);
    const streamId = officeStreamId(officeId);
    const now = new Date().toISOString();
    // Decided once before any decoding: an agent's upload (403) costs no image work and leaves no file.
    const before = await commands.load(officeDecider, streamId);
    administeredBy(before.state, person);
    const image = logo ? await prepareImage(officeId, 'companyLogo', logo) : null;
    if (image) await storeImages(blobs, [image]);
    const result = await commands.handle(
      officeDecider,
      streamId,
      { type: 'ChangeOfficeLogo', data: { person, logoUrl: image?.url ?? '', now } },
      { metadata: { actor: person.id } },
    );
    const previous = before.state.status === 'open' ? before.state.logoUrl : '';
    const current = result.state.status === 'open' ? result.state.logoUrl : '';
    if (previous && previous !== current)
      await deleteImages(blobs, [previous]).catch((error: unknown) =>
        request.log.warn({ err: error }, 'old office logo not deleted'),
      );
    return succeeded({
      message: MESSAGES.officeUpdated,
      data: { logoUrl: current },
      position: result.position ?? '',
    });
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: false });
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const schema = { tags: TAG, params: OfficeIdParams, response: { 200: OfficeCommandResponse, ...ERRORS } };
    api.put(
      '/api/offices/:id/logo',
      { config: { owner: true, scope: false }, schema: { ...schema, consumes: ['multipart/form-data'] } },
      async (request, reply) => {
        try {
          return await change(request, request.params.id, await readLogo(request));
        } catch (error) {
          if (error instanceof PayloadTooLargeError) return sendPayloadTooLarge(reply, error);
          throw error;
        }
      },
    );
    api.delete('/api/offices/:id/logo', { config: { owner: true, scope: false }, schema }, (request) =>
      change(request, request.params.id, null),
    );
  };
}
