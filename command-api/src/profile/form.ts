import type { FastifyRequest } from 'fastify';
import { PayloadTooLargeError, isPartsLimit, readLimited } from '../core/multipart.ts';
import { refuseReplacementCharacter, refuseUnsafeText } from '@kartvizit/infra/http/text-guard';
import {
  MESSAGES,
  PROFILE_EXISTING_IMAGE_FIELDS,
  PROFILE_FLAG_FIELDS,
  PROFILE_OBJECT_FIELDS,
  PROFILE_GROUP_FIELDS,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_SLOTS,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_LIST_FIELDS,
  PROFILE_TEXT_FIELDS,
  PROFILE_VALIDATION_MESSAGES,
  DomainError,
  validationError,
  type ProfileGroup,
  type ProfileImageSlot,
} from '@kartvizit/schemas';

/**
 * Reads the profile form (SPEC §7) from multipart/form-data or from JSON into one shape: the
 * fields nested as the shared rules expect them, the images' current addresses, the new files.
 * Names are checked here, values by `validateProfileInput`.
 */
export interface ProfileForm {
  readonly fields: Readonly<Record<string, unknown>>;
  /** Raw `existing…` values by slot; absent when the form did not send the field. */
  readonly existing: Readonly<Partial<Record<ProfileImageSlot, unknown>>>;
  readonly files: Readonly<Partial<Record<ProfileImageSlot, Buffer>>>;
  /** The `_id` the client sent, if any. */
  readonly profileId: string | undefined;
}

const LARGEST_IMAGE = Math.max(...Object.values(PROFILE_IMAGE_MAX_BYTES));

/** Bounds on what a multipart profile form may hold; the web sends about 35 fields. */
export const PROFILE_MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 64 * 1024,
  fields: 80,
  // One over the largest slot limit: the slot's own limit is checked while reading.
  fileSize: LARGEST_IMAGE + 1,
  files: PROFILE_IMAGE_SLOTS.length * 2,
  parts: 100,
  headerPairs: 20,
};

/** Named once at the top level; the shared rules check the value (text, a yes/no flag, or a JSON object). */
const SCALAR_FIELDS = new Set<string>([...PROFILE_TEXT_FIELDS, ...PROFILE_FLAG_FIELDS, ...PROFILE_OBJECT_FIELDS]);
const LIST_FIELDS = new Set<string>(PROFILE_LIST_FIELDS);
const SLOTS = new Set<string>(PROFILE_IMAGE_SLOTS);
const EXISTING_SLOTS = new Map<string, ProfileImageSlot>(
  PROFILE_IMAGE_SLOTS.map((slot) => [PROFILE_EXISTING_IMAGE_FIELDS[slot], slot]),
);
const GROUPS = PROFILE_GROUP_FIELDS as Readonly<Record<string, readonly string[]>>;

function isGroup(name: string): name is ProfileGroup {
  return Object.prototype.hasOwnProperty.call(GROUPS, name);
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class FormBuilder {
  // Null prototypes: no request-supplied name can reach Object.prototype.
  readonly fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  readonly existing: Partial<Record<ProfileImageSlot, unknown>> = {};
  readonly files: Partial<Record<ProfileImageSlot, Buffer>> = {};
  profileId: string | undefined;
  private readonly seen = new Set<string>();

  private once(name: string): void {
    if (this.seen.has(name)) throw validationError(PROFILE_VALIDATION_MESSAGES.duplicateField(name), name);
    this.seen.add(name);
  }

  /** A named value; `repeatable` lets multipart lists arrive as several fields. */
  add(name: string, value: unknown, repeatable: boolean): void {
    if (name === '_id') {
      this.once(name);
      if (value !== null && value !== undefined && typeof value !== 'string') {
        throw validationError(PROFILE_VALIDATION_MESSAGES.mustBeText(name), name);
      }
      const id = typeof value === 'string' ? value.trim() : '';
      this.profileId = id === '' || id === 'undefined' || id === 'null' ? undefined : id;
      return;
    }
    const slot = EXISTING_SLOTS.get(name);
    if (slot) {
      this.once(name);
      this.existing[slot] = value;
      return;
    }
    if (SLOTS.has(name)) throw validationError(MESSAGES.profileImageNeedsFile, name);
    if (SCALAR_FIELDS.has(name)) {
      this.once(name);
      this.fields[name] = value;
      return;
    }
    if (LIST_FIELDS.has(name)) {
      if (!repeatable) {
        this.once(name);
        this.fields[name] = value;
        return;
      }
      const list = (this.fields[name] as unknown[] | undefined) ?? [];
      list.push(value);
      this.fields[name] = list;
      return;
    }
    const dot = name.indexOf('.');
    const group = dot > 0 ? name.slice(0, dot) : name;
    const field = dot > 0 ? name.slice(dot + 1) : '';
    if (isGroup(group)) {
      if (!field) {
        this.addGroup(group, value);
        return;
      }
      if (GROUPS[group]?.includes(field)) {
        this.once(name);
        this.groupOf(group)[field] = value;
        return;
      }
    }
    throw validationError(PROFILE_VALIDATION_MESSAGES.unknownField(name), name);
  }

  /** JSON may nest a group (`address: {…}`); each member then counts as its dotted name. */
  private addGroup(group: ProfileGroup, value: unknown): void {
    if (isPlainObject(value)) {
      this.groupOf(group);
      for (const [field, member] of Object.entries(value)) this.add(`${group}.${field}`, member, false);
      return;
    }
    this.once(group);
    // null: nothing (no location); anything else is left for the rules to call invalid.
    this.fields[group] = value;
  }

  private groupOf(group: ProfileGroup): Record<string, unknown> {
    const current = this.fields[group];
    if (isPlainObject(current)) return current;
    const created = Object.create(null) as Record<string, unknown>;
    this.fields[group] = created;
    return created;
  }

  addFile(slot: ProfileImageSlot, bytes: Buffer): void {
    this.once(slot);
    this.files[slot] = bytes;
  }

  build(): ProfileForm {
    return { fields: this.fields, existing: this.existing, files: this.files, profileId: this.profileId };
  }
}

/** The JSON body of a non-file save: the same names, groups nested or dotted. */
export function readJsonForm(body: unknown): ProfileForm {
  if (!isPlainObject(body)) throw validationError(MESSAGES.invalidRequest);
  const builder = new FormBuilder();
  for (const [name, value] of Object.entries(body)) builder.add(name, value, false);
  return builder.build();
}

function multipartProblem(error: unknown): Error {
  if (isPartsLimit(error)) return new PayloadTooLargeError(MESSAGES.profileTooManyParts);
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return validationError(MESSAGES.invalidJson);
  // Anything else busboy or the plugin says is about a malformed body (cut short, bad boundary).
  return validationError(MESSAGES.invalidRequest);
}

/**
 * The multipart form. Every part is read to its end even after a problem (the first problem is
 * the answer), and each file only up to its slot's limit.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<ProfileForm> {
  const builder = new FormBuilder();
  let problem: Error | null = null;
  const note = (error: unknown) => {
    problem ??= error instanceof DomainError || error instanceof PayloadTooLargeError ? error : multipartProblem(error);
  };
  try {
    for await (const part of request.parts({ limits: PROFILE_MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const name = part.fieldname;
        if (!SLOTS.has(name)) {
          part.file.resume();
          note(validationError(MESSAGES.profileImageFieldUnexpected, name));
          continue;
        }
        const slot = name as ProfileImageSlot;
        const bytes = await readLimited(part.file, PROFILE_IMAGE_MAX_BYTES[slot]);
        if (bytes === null || part.file.truncated) {
          note(new PayloadTooLargeError(PROFILE_IMAGE_TOO_LARGE[slot], slot));
          continue;
        }
        // A file input left empty arrives as a nameless, empty part: no new image.
        if (bytes.length === 0 && !part.filename) continue;
        try {
          builder.addFile(slot, bytes);
        } catch (error) {
          note(error);
        }
        continue;
      }
      if (part.fieldnameTruncated) {
        note(validationError(PROFILE_VALIDATION_MESSAGES.unknownField(part.fieldname), part.fieldname));
        continue;
      }
      if (part.valueTruncated) {
        note(
          validationError(
            PROFILE_VALIDATION_MESSAGES.tooLong(part.fieldname, PROFILE_MULTIPART_LIMITS.fieldSize),
            part.fieldname,
          ),
        );
        continue;
      }
      try {
        // What the HTTP hook checks in every parsed body; multipart is parsed here, so here.
        refuseUnsafeText({ [part.fieldname]: part.value });
        if (typeof part.value === 'string') refuseReplacementCharacter({ [part.fieldname]: part.value });
        builder.add(part.fieldname, part.value, true);
      } catch (error) {
        note(error);
      }
    }
  } catch (error) {
    note(error);
  }
  if (problem) throw problem;
  return builder.build();
}
