import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  errorAnswers,
  MESSAGES,
  PROFILE_EXISTING_IMAGE_FIELDS,
  PROFILE_IMAGE_SLOTS,
  PROFILE_VALIDATION_MESSAGES,
  ProfileSaveResponse,
  TIME_ZONE,
  canonicalImageUrl,
  profileStreamId,
  toProfileView,
  validateProfileInput,
  validationError,
  type ProfileImageSlot,
} from '@kartvizit/schemas';
import type { CommandContext } from '../core/context.ts';
import type { LockedProfileFields } from '../office/reader.ts';
import {
  imageUrlsOf,
  profileDecider,
  type ImageChoice,
  type ImageChoices,
  type ProfileCommand,
  type ProfileState,
} from './decider.ts';
import { PROFILE_MULTIPART_LIMITS, readJsonForm, readMultipartForm, type ProfileForm } from './form.ts';
import { PayloadTooLargeError, sendPayloadTooLarge } from '../core/multipart.ts';
import { deleteImages, prepareImage, storeImages, type PreparedImage } from '../core/profile-images.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

const TAG = ['profile'];
const ERRORS = errorAnswers(400, 401, 404, 409, 413, 415);

const FORM_DESCRIPTION = [
  'multipart/form-data (SPEC §7), or application/json without files. Fields: title, jobTitle, firstName, lastName,',
  'company, bio, phone, email, website, theme, yetkiBelgesiNo (the Taşınmaz Ticareti Yetki Belgesi number, digits);',
  'searchable (true/false: search engines may list the card pages; false when left out);',
  'address.street|city|state|zipCode|country; location.lat|lng;',
  'companyInfo.taxOffice|taxNumber|mersisNo|registrationNumber|foundedYear; invoiceInfo.recipientName|taxId|taxOffice|address;',
  'socialLinks, bankAccounts, paymentMethods as JSON text; files profilePicture (2 MB), coverPhoto (4 MB), companyLogo (2 MB),',
  "or existingProfilePicture|existingCoverPhoto|existingCompanyLogo with the current address ('' = remove). Optional _id.",
  'The whole profile is replaced: a field left out is emptied.',
].join(' ');

type SaveMode = 'create' | 'update';

/** The year in Türkiye: the upper bound of a company's founding year. */
function currentYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric' }).format(now));
}

/** The image choice of a slot before any upload is processed ('' and the old 'undefined' mean none). */
function sentChoice(form: ProfileForm, slot: ProfileImageSlot, pendingUrl: string): ImageChoice {
  if (form.files[slot]) return { kind: 'upload', url: pendingUrl };
  const raw = form.existing[slot];
  if (raw === undefined || raw === null) return { kind: 'none' };
  const field = PROFILE_EXISTING_IMAGE_FIELDS[slot];
  if (typeof raw !== 'string') throw validationError(PROFILE_VALIDATION_MESSAGES.mustBeText(field), field);
  const value = raw.trim();
  if (value === '' || value === 'undefined' || value === 'null') return { kind: 'none' };
  return { kind: 'keep', url: canonicalImageUrl(value) };
}

function choices(form: ProfileForm, uploaded: ReadonlyMap<ProfileImageSlot, PreparedImage>): ImageChoices {
  const entries = PROFILE_IMAGE_SLOTS.map(
    (slot) => [slot, sentChoice(form, slot, uploaded.get(slot)?.url ?? '')] as const,
  );
  return Object.fromEntries(entries) as { [S in ProfileImageSlot]: ImageChoice };
}

export interface ProfileReaders {
  /** The profile fields the person's office locks now (its template, decision 61). */
  readonly lockedFields: LockedProfileFields;
}

export function profileRoutes(context: CommandContext, readers: ProfileReaders) {
  const { commands, blobs } = context;

  async function save(request: FastifyRequest, mode: SaveMode) {
    const ownerId = request.person.id;
    const now = new Date();
    const form = request.isMultipart() ? await readMultipartForm(request) : readJsonForm(request.body);
    const checked = validateProfileInput(form.fields, { currentYear: currentYear(now) });
    if (!checked.ok) throw validationError(checked.problem.message, checked.problem.field || undefined);

    const streamId = profileStreamId(ownerId);
    const office = request.person.office;
    const locked = mode === 'update' && office ? await readers.lockedFields(office.officeId) : [];
    const command = (images: ImageChoices): ProfileCommand =>
      mode === 'create'
        ? {
            type: 'CreateProfile',
            data: { profileId: randomUUID(), ownerId, profile: checked.profile, images, now: now.toISOString() },
          }
        : {
            type: 'UpdateProfile',
            data: {
              ownerId,
              profileId: form.profileId,
              profile: checked.profile,
              images,
              locked,
              now: now.toISOString(),
            },
          };
    if (mode === 'create' && form.profileId !== undefined) throw validationError(MESSAGES.invalidRequest, '_id');

    // Decide once on the current state before touching any image: a refused save (409, 404,
    // a foreign image address) costs no decoding and leaves no files behind.
    const before = await commands.load(profileDecider, streamId);
    profileDecider.decide(command(choices(form, new Map())), before.state);

    const uploaded = new Map<ProfileImageSlot, PreparedImage>();
    for (const slot of PROFILE_IMAGE_SLOTS) {
      const bytes = form.files[slot];
      if (bytes) uploaded.set(slot, await prepareImage(ownerId, slot, bytes));
    }
    const prepared = [...uploaded.values()];
    await storeImages(blobs, prepared);

    let result;
    try {
      result = await commands.handle(profileDecider, streamId, command(choices(form, uploaded)), {
        metadata: { actor: ownerId },
      });
    } catch (error) {
      await discardUnused(
        prepared.map((image) => image.url),
        streamId,
        request,
      );
      throw error;
    }
    // Files of images the profile no longer shows go (KVKK: a removed photo is gone, not hidden).
    const kept = imageUrlsOf(result.state);
    const replaced = [...imageUrlsOf(before.state)].filter((url) => !kept.has(url));
    await deleteImages(blobs, replaced).catch((error: unknown) =>
      request.log.warn({ err: error }, 'replaced profile images not deleted'),
    );

    const state: ProfileState = result.state;
    if (state.status !== 'created') throw new Error('A saved profile must exist');
    return succeeded({
      message: mode === 'create' ? MESSAGES.profileCreated : MESSAGES.profileUpdated,
      profile: toProfileView(state),
      position: result.position ?? undefined,
    });
  }

  /** After a failed save: remove stored uploads unless the profile shows them (the same picture again). */
  async function discardUnused(urls: readonly string[], streamId: string, request: FastifyRequest): Promise<void> {
    if (urls.length === 0) return;
    try {
      const { state } = await commands.load(profileDecider, streamId);
      const shown = imageUrlsOf(state);
      await deleteImages(
        blobs,
        urls.filter((url) => !shown.has(url)),
      );
    } catch (error) {
      request.log.warn({ err: error }, 'uploaded profile images not cleaned up');
    }
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, mode: SaveMode) {
    try {
      return await save(request, mode);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) return sendPayloadTooLarge(reply, error);
      throw error;
    }
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    // Multipart only here: every other command still takes JSON alone.
    await app.register(multipart, { limits: PROFILE_MULTIPART_LIMITS, throwFileSizeLimit: false });
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const schema = (summary: string) => ({
      tags: TAG,
      summary,
      description: FORM_DESCRIPTION,
      consumes: ['multipart/form-data', 'application/json'],
      security: [{ bearer: [] }],
      response: { 200: ProfileSaveResponse, ...ERRORS },
    });

    const config = { owner: true, scope: 'profile:write' as const };
    api.post('/api/profile', { schema: schema('Profil oluştur'), config }, (request, reply) =>
      answer(request, reply, 'create'),
    );
    api.put('/api/profile', { schema: schema('Profili güncelle'), config }, (request, reply) =>
      answer(request, reply, 'update'),
    );
  };
}
