import type { OwnerLanguage } from '@kartvizit/schemas/language/model';
import type { ProfileTranslatedField } from '@kartvizit/schemas/profile/model';
import {
  IMAGE_SLOTS,
  toProfileInput,
  type Coordinates,
  type GroupKey,
  type ImageSlot,
  type ImageValues,
  type ListKey,
  type ProfileFormValues,
  type RowField,
  type RowOf,
  type ScalarField,
} from './profile-form.ts';
import { withSocialChange } from './social-links.ts';

/**
 * Everything the profile screen edits, changed only through `profileFormReducer` so that late
 * answers (a slow address lookup) can be matched against the edit they belong to. Pure: rows and
 * values that need fresh keys are made by the caller.
 */

/** SPEC §4 "Geocoding of the profile address". */
export type GeocodeStatus = 'idle' | 'loading' | 'success' | 'failed' | 'uncertain';

export interface GeocodeCandidate {
  readonly label: string;
  readonly coordinates: Coordinates;
}

export type GeocodeOutcome =
  | { readonly status: 'success'; readonly coordinates: Coordinates; readonly formattedAddress: string | null }
  | { readonly status: 'uncertain'; readonly candidates: readonly GeocodeCandidate[] }
  | { readonly status: 'failed'; readonly message: string; readonly hints: readonly string[] };

export interface GeocodeState {
  readonly status: GeocodeStatus;
  /**
   * Which address edit the state belongs to (numbered by the screen, 0 = none in flight); answers
   * for any other edit are dropped.
   */
  readonly request: number;
  readonly formattedAddress: string | null;
  readonly candidates: readonly GeocodeCandidate[];
  readonly message: string | null;
  readonly hints: readonly string[];
}

/** Where the coordinates on the form came from, for the sentence beside them. */
export type LocationSource = 'saved' | 'address' | 'candidate' | 'map' | 'device';

/** Messages beside fields, keyed by the dotted path the server also uses (`bankAccounts.0.iban`). */
export type FieldErrors = Readonly<Record<string, string>>;

export interface ProfileFormState {
  readonly values: ProfileFormValues;
  readonly images: ImageValues;
  readonly errors: FieldErrors;
  readonly geocode: GeocodeState;
  readonly locationSource: LocationSource | null;
  /**
   * What the server holds, as `savedContent` writes it: taken from the profile that was loaded,
   * and again from the server's answer to each save.
   */
  readonly baseline: string;
  /** Saving now would send something other than what the server holds. */
  readonly dirty: boolean;
}

type GroupChange = {
  [G in GroupKey]: {
    readonly type: 'groupChanged';
    readonly group: G;
    readonly field: keyof ProfileFormValues[G];
    readonly value: string;
  };
}[GroupKey];

type RowChange = {
  [L in ListKey]: {
    readonly type: 'rowChanged';
    readonly list: L;
    readonly index: number;
    readonly field: RowField<L>;
    readonly value: string;
  };
}[ListKey];

type RowAdd = {
  [L in ListKey]: { readonly type: 'rowAdded'; readonly list: L; readonly row: RowOf<L> };
}[ListKey];

export type ProfileFormAction =
  | { readonly type: 'scalarChanged'; readonly field: ScalarField; readonly value: string }
  | { readonly type: 'searchableChanged'; readonly value: boolean }
  /** 'Diğer Diller': a language switched on or off; its texts stay in the form either way. */
  | { readonly type: 'languageSwitched'; readonly language: OwnerLanguage; readonly on: boolean }
  | {
      readonly type: 'translationChanged';
      readonly language: OwnerLanguage;
      readonly field: ProfileTranslatedField;
      readonly value: string;
    }
  | GroupChange
  | RowChange
  | RowAdd
  | { readonly type: 'rowRemoved'; readonly list: ListKey; readonly index: number }
  | { readonly type: 'imageChosen'; readonly slot: ImageSlot; readonly file: File }
  | { readonly type: 'imageRemoved'; readonly slot: ImageSlot }
  /** A chosen file the browser cannot show: it is dropped, the stored image stays, the reason is shown. */
  | { readonly type: 'imageRefused'; readonly slot: ImageSlot; readonly file: File; readonly message: string }
  | { readonly type: 'errorsShown'; readonly errors: FieldErrors }
  | { readonly type: 'fieldChecked'; readonly path: string; readonly message: string | null }
  | { readonly type: 'locationChosen'; readonly location: Coordinates; readonly source: LocationSource }
  | { readonly type: 'locationCleared' }
  | { readonly type: 'geocodeReset'; readonly request: number }
  | { readonly type: 'geocodeStarted'; readonly request: number }
  | { readonly type: 'geocodeFinished'; readonly request: number; readonly outcome: GeocodeOutcome }
  | { readonly type: 'saved'; readonly values: ProfileFormValues; readonly images: ImageValues };

export const IDLE_GEOCODE: GeocodeState = {
  status: 'idle',
  request: 0,
  formattedAddress: null,
  candidates: [],
  message: null,
  hints: [],
};

/**
 * What saving these values would send, as text two states can be compared by: trimmed, rows nobody
 * filled in left out (as `toProfileFormData` does), each image as the address it keeps or a marker
 * for a newly chosen file (never part of what the server holds).
 */
export function savedContent(values: ProfileFormValues, images: ImageValues): string {
  const imageParts = IMAGE_SLOTS.map((slot) => (images[slot].file ? { newFile: true } : images[slot].url));
  return JSON.stringify([toProfileInput(values), imageParts]);
}

export function initialFormState(values: ProfileFormValues, images: ImageValues): ProfileFormState {
  return {
    values,
    images,
    errors: {},
    geocode: IDLE_GEOCODE,
    locationSource: values.location ? 'saved' : null,
    baseline: savedContent(values, images),
    dirty: false,
  };
}

export function fieldPath(...parts: ReadonlyArray<string | number>): string {
  return parts.join('.');
}

function withoutError(errors: FieldErrors, path: string): FieldErrors {
  if (!(path in errors)) return errors;
  const { [path]: _removed, ...rest } = errors;
  return rest;
}

/**
 * Errors after row `index` of `list` was removed: the row's own messages go, later rows' messages
 * move up one place with their rows.
 */
export function errorsAfterRowRemoval(errors: FieldErrors, list: ListKey, index: number): FieldErrors {
  const next: Record<string, string> = {};
  const prefix = `${list}.`;
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(prefix)) {
      next[path] = message;
      continue;
    }
    const [position, ...rest] = path.slice(prefix.length).split('.');
    const row = Number(position);
    if (!Number.isInteger(row)) next[path] = message;
    else if (row < index) next[path] = message;
    else if (row > index) next[[list, row - 1, ...rest].join('.')] = message;
  }
  return next;
}

/** The messages of one language's fields go when it is switched off: its inputs are no longer on the screen. */
function withoutLanguageErrors(errors: FieldErrors, language: OwnerLanguage): FieldErrors {
  const prefix = `translations.${language}.`;
  if (!Object.keys(errors).some((path) => path.startsWith(prefix))) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith(prefix)));
}

function changeRow<L extends ListKey>(rows: readonly RowOf<L>[], index: number, change: (row: RowOf<L>) => RowOf<L>) {
  return rows.map((row, position) => (position === index ? change(row) : row));
}

function applyRowChange(values: ProfileFormValues, action: RowChange): ProfileFormValues {
  switch (action.list) {
    case 'socialLinks':
      return {
        ...values,
        socialLinks: changeRow<'socialLinks'>(values.socialLinks, action.index, (row) =>
          withSocialChange(row, action.field, action.value),
        ),
      };
    case 'bankAccounts':
      return {
        ...values,
        bankAccounts: changeRow<'bankAccounts'>(values.bankAccounts, action.index, (row) => ({
          ...row,
          [action.field]: action.value,
        })),
      };
    case 'paymentMethods':
      return {
        ...values,
        paymentMethods: changeRow<'paymentMethods'>(values.paymentMethods, action.index, (row) => ({
          ...row,
          [action.field]: action.value,
        })),
      };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

function applyRowAdd(values: ProfileFormValues, action: RowAdd): ProfileFormValues {
  switch (action.list) {
    case 'socialLinks':
      return { ...values, socialLinks: [...values.socialLinks, action.row] };
    case 'bankAccounts':
      return { ...values, bankAccounts: [...values.bankAccounts, action.row] };
    case 'paymentMethods':
      return { ...values, paymentMethods: [...values.paymentMethods, action.row] };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

function applyGroupChange(values: ProfileFormValues, action: GroupChange): ProfileFormValues {
  switch (action.group) {
    case 'address':
      return { ...values, address: { ...values.address, [action.field]: action.value } };
    case 'companyInfo':
      return { ...values, companyInfo: { ...values.companyInfo, [action.field]: action.value } };
    case 'invoiceInfo':
      return { ...values, invoiceInfo: { ...values.invoiceInfo, [action.field]: action.value } };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

/**
 * Dirtiness is derived, never flagged by action type: comparing with the baseline cannot drift
 * from what the server holds (a save answered with fresh objects is clean; an edit typed back is
 * clean too).
 */
export function profileFormReducer(state: ProfileFormState, action: ProfileFormAction): ProfileFormState {
  const next = applyAction(state, action);
  if (next === state) return state;
  if (next.values === state.values && next.images === state.images && next.baseline === state.baseline) return next;
  const dirty = savedContent(next.values, next.images) !== next.baseline;
  return dirty === next.dirty ? next : { ...next, dirty };
}

function applyAction(state: ProfileFormState, action: ProfileFormAction): ProfileFormState {
  switch (action.type) {
    case 'scalarChanged':
      return {
        ...state,
        values: { ...state.values, [action.field]: action.value },
        errors: withoutError(state.errors, action.field),
      };
    case 'searchableChanged':
      return { ...state, values: { ...state.values, searchable: action.value } };
    case 'languageSwitched': {
      const { translations } = state.values;
      if (translations[action.language].on === action.on) return state;
      return {
        ...state,
        values: {
          ...state.values,
          translations: { ...translations, [action.language]: { ...translations[action.language], on: action.on } },
        },
        errors: action.on ? state.errors : withoutLanguageErrors(state.errors, action.language),
      };
    }
    case 'translationChanged': {
      const { translations } = state.values;
      return {
        ...state,
        values: {
          ...state.values,
          translations: {
            ...translations,
            [action.language]: { ...translations[action.language], [action.field]: action.value },
          },
        },
        errors: withoutError(state.errors, fieldPath('translations', action.language, action.field)),
      };
    }
    case 'groupChanged':
      return {
        ...state,
        values: applyGroupChange(state.values, action),
        errors: withoutError(state.errors, fieldPath(action.group, action.field)),
      };
    case 'rowChanged': {
      let errors = withoutError(state.errors, fieldPath(action.list, action.index, action.field));
      // The address we fill in for a social account changes with its platform and username.
      if (action.list === 'socialLinks') errors = withoutError(errors, fieldPath(action.list, action.index, 'url'));
      return { ...state, values: applyRowChange(state.values, action), errors };
    }
    case 'rowAdded':
      return { ...state, values: applyRowAdd(state.values, action) };
    case 'rowRemoved': {
      const rows = state.values[action.list];
      if (action.index < 0 || action.index >= rows.length) return state;
      return {
        ...state,
        values: { ...state.values, [action.list]: rows.filter((_row, position) => position !== action.index) },
        errors: errorsAfterRowRemoval(state.errors, action.list, action.index),
      };
    }
    case 'imageChosen':
      return {
        ...state,
        images: { ...state.images, [action.slot]: { ...state.images[action.slot], file: action.file } },
        errors: withoutError(state.errors, action.slot),
      };
    case 'imageRemoved':
      return {
        ...state,
        images: { ...state.images, [action.slot]: { url: '', file: null, version: '' } },
        errors: withoutError(state.errors, action.slot),
      };
    case 'imageRefused':
      if (state.images[action.slot].file !== action.file) return state;
      return {
        ...state,
        images: { ...state.images, [action.slot]: { ...state.images[action.slot], file: null } },
        errors: { ...state.errors, [action.slot]: action.message },
      };
    case 'errorsShown':
      return { ...state, errors: action.errors };
    case 'fieldChecked':
      return {
        ...state,
        errors:
          action.message === null
            ? withoutError(state.errors, action.path)
            : { ...state.errors, [action.path]: action.message },
      };
    case 'locationChosen':
      return {
        ...state,
        values: { ...state.values, location: action.location },
        locationSource: action.source,
        // A location the user chose settles the lookup (request 0 = none): a late answer must not move it.
        geocode: { ...IDLE_GEOCODE, status: 'success' },
        errors: withoutError(withoutError(state.errors, 'location.lat'), 'location.lng'),
      };
    case 'locationCleared':
      return {
        ...state,
        values: { ...state.values, location: null },
        locationSource: null,
        geocode: IDLE_GEOCODE,
      };
    case 'geocodeReset':
      return { ...state, geocode: { ...IDLE_GEOCODE, request: action.request } };
    case 'geocodeStarted':
      if (action.request !== state.geocode.request) return state;
      return { ...state, geocode: { ...IDLE_GEOCODE, status: 'loading', request: action.request } };
    case 'geocodeFinished': {
      if (action.request !== state.geocode.request) return state;
      const { outcome } = action;
      const base = { ...IDLE_GEOCODE, status: outcome.status, request: action.request };
      switch (outcome.status) {
        case 'success':
          return {
            ...state,
            values: { ...state.values, location: outcome.coordinates },
            locationSource: 'address',
            geocode: { ...base, formattedAddress: outcome.formattedAddress },
          };
        case 'uncertain':
          return { ...state, geocode: { ...base, candidates: outcome.candidates } };
        case 'failed':
          return { ...state, geocode: { ...base, message: outcome.message, hints: outcome.hints } };
        default: {
          const unknown: never = outcome;
          return unknown;
        }
      }
    }
    case 'saved':
      return initialFormState(action.values, action.images);
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
