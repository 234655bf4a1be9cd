import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PROFILE_MESSAGES } from '@kartvizit/schemas/profile/messages';
import { GEOCODE_DELAY_MS, geocodeAddressProblem } from '@kartvizit/schemas/geocoding/rules';
import { serverProblem } from '../../shared/server-problem.ts';
import { useCreateProfileMutation, useUpdateProfileMutation } from './api.ts';
import { makeBindings } from './bindings.ts';
import { ContactSection } from './contact-section.tsx';
import { DelayedLookup } from './delayed-lookup.ts';
import { fieldId, focusFieldPath } from './fields.tsx';
import { initialFormState, profileFormReducer, type GeocodeCandidate } from './form-state.ts';
import { GEOCODE_UNREACHABLE, geocodeOutcome } from './geocode-outcome.ts';
import { useLazyGetGeocodeQuery } from './geocoding-api.ts';
import { imageFileProblem } from './image-files.ts';
import { CompanySection, InvoiceSection, PersonalSection } from './info-sections.tsx';
import { LanguagesSection } from './languages-section.tsx';
import { BankSection, PaymentSection, SocialSection } from './list-sections.tsx';
import { LocationPickerModal } from './location-picker/index.ts';
import { getCurrentLocation } from './location-picker/use-geolocation.ts';
import { imagesWithLockedAsSaved, NO_LOCKS, withLockedAsSaved, type ProfileLocks } from '../office/profile-locks.ts';
import { ProfileLocksProvider } from './office-lock.tsx';
import { DEFAULT_THEME } from './options.ts';
import {
  addressText,
  emptyProfileForm,
  formFieldOf,
  profileImages,
  profileToForm,
  toProfileFormData,
  type AddressValues,
  type Coordinates,
  type ImageSlot,
  type StoredProfile,
} from './profile-form.ts';
import { SectionNav } from './section-nav.tsx';
import { UnsavedChangesGuard } from './unsaved-changes.tsx';
import { loadProfileRules, profileFormProblems, type Rules } from './validation.ts';
import { VisibilitySection } from './visibility-section.tsx';
import { VisualSection } from './visual-section.tsx';
import './profile.css';

const GEOCODE_TRIGGERS: ReadonlyArray<keyof AddressValues> = ['street', 'city', 'state'];

interface ProfileEditorProps {
  /** null: the owner has no profile yet; saving creates it. */
  readonly profile: StoredProfile | null;
  readonly user: { readonly email: string; readonly firstName: string; readonly lastName: string } | null;
  /** The fields the person's office locks (issue 30): shown read-only, sent as the server holds them. */
  readonly locks?: ProfileLocks;
}

function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

function isSessionEnd(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 401;
}

export function ProfileEditor({ profile, user, locks = NO_LOCKS }: ProfileEditorProps) {
  // What the server holds: a locked field is always sent as this, never as changed.
  const [saved, setSaved] = useState(() => ({
    values: profile ? profileToForm(profile, DEFAULT_THEME) : emptyProfileForm(user, DEFAULT_THEME),
    images: profileImages(profile),
  }));
  const [state, dispatch] = useReducer(profileFormReducer, null, () => initialFormState(saved.values, saved.images));
  const [exists, setExists] = useState(profile !== null);
  const [formError, setFormError] = useState<string | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [createProfile, createState] = useCreateProfileMutation();
  const [updateProfile, updateState] = useUpdateProfileMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const [geocode] = useLazyGetGeocodeQuery();
  const [rules, setRules] = useState<Rules | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  const [addressLookup] = useState(() => new DelayedLookup());
  /** Set by handlers, applied after the next render: which field (or the first invalid one) gets focus. */
  const pendingFocus = useRef<string | null>(null);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    if (target === ':first-invalid') {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    } else {
      focusFieldPath(target);
    }
  });

  useEffect(() => () => addressLookup.cancel(), [addressLookup]);

  // The rules are their own download; fetch them while the owner reads the form.
  useEffect(() => {
    let active = true;
    loadProfileRules().then(
      (loaded) => active && setRules(() => loaded),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  const { values, images, errors, geocode: lookupState, locationSource, dirty } = state;

  /** Leaving a field checks it again with the shared rules (once they have arrived). */
  const check = (path: string) => {
    if (!rules) return;
    const problems = profileFormProblems(rules, values, new Date().getFullYear());
    dispatch({ type: 'fieldChecked', path, message: problems[path] ?? null });
  };

  const cancelLookup = () => addressLookup.cancel();

  const runLookup = async (address: AddressValues, request: number) => {
    dispatch({ type: 'geocodeStarted', request });
    try {
      const response = await geocode(address, true).unwrap();
      dispatch({ type: 'geocodeFinished', request, outcome: geocodeOutcome(response) });
    } catch {
      dispatch({ type: 'geocodeFinished', request, outcome: GEOCODE_UNREACHABLE });
    }
  };

  /**
   * SPEC §4: an edit of street, city or state starts over, and looks the address up after a pause.
   * A post code or country typed during that pause joins the waiting lookup.
   */
  const onAddressEdited = (field: keyof AddressValues, value: string) => {
    if (!GEOCODE_TRIGGERS.includes(field) && !addressLookup.pending) return;
    const request = addressLookup.restart();
    dispatch({ type: 'geocodeReset', request });
    const address = { ...values.address, [field]: value };
    if (geocodeAddressProblem(address) !== null) return;
    addressLookup.schedule(request, GEOCODE_DELAY_MS, () => void runLookup(address, request));
  };

  const bind = makeBindings(state, dispatch, check, onAddressEdited);

  const chooseLocation = (location: Coordinates, source: 'map' | 'device' | 'candidate') => {
    cancelLookup();
    dispatch({ type: 'locationChosen', location, source });
  };

  const locateDevice = async () => {
    setLocating(true);
    const outcome = await getCurrentLocation();
    setLocating(false);
    if (outcome.ok) {
      chooseLocation(outcome.location, 'device');
      toast.success(outcome.message);
    } else {
      toast.error(outcome.message);
    }
  };

  const onChooseImage = (slot: ImageSlot, file: File) => {
    const problem = imageFileProblem(slot, file);
    if (problem) {
      dispatch({ type: 'fieldChecked', path: slot, message: problem });
      return;
    }
    dispatch({ type: 'imageChosen', slot, file });
  };

  const onRowAdded = (path: string) => {
    pendingFocus.current = path;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    let loadedRules: Rules | null = rules;
    try {
      loadedRules ??= await loadProfileRules();
    } catch {
      // Without the rules the server still checks everything and names the field.
    }
    const sent = withLockedAsSaved(values, saved.values, locks);
    const problems = loadedRules ? profileFormProblems(loadedRules, sent, new Date().getFullYear()) : {};
    if (Object.keys(problems).length > 0) {
      dispatch({ type: 'errorsShown', errors: { ...imageErrors(errors), ...problems } });
      pendingFocus.current = ':first-invalid';
      toast.error('Lütfen işaretli alanları düzeltin');
      return;
    }
    const body = toProfileFormData(sent, imagesWithLockedAsSaved(images, saved.images, locks));
    const result = exists ? await updateProfile(body) : await createProfile(body);
    if ('error' in result) {
      if (isSessionEnd(result.error)) return;
      const problem = serverProblem(result.error);
      const message =
        problem?.message ??
        (isUnreachable(result.error) ? PROFILE_MESSAGES.profileServerUnreachable : PROFILE_MESSAGES.profileSaveError);
      toast.error(message);
      const field = problem?.field ? formFieldOf(problem.field, values) : null;
      if (field && document.getElementById(fieldId(field))) {
        dispatch({ type: 'fieldChecked', path: field, message });
        pendingFocus.current = field;
      } else {
        setFormError(message);
      }
      return;
    }
    const answer = result.data;
    if (!answer.success) {
      const message = answer.message || PROFILE_MESSAGES.profileSaveError;
      toast.error(message);
      setFormError(message);
      return;
    }
    cancelLookup();
    const now = { values: profileToForm(answer.profile, DEFAULT_THEME), images: profileImages(answer.profile) };
    setSaved(now);
    dispatch({ type: 'saved', ...now });
    toast.success(exists ? PROFILE_MESSAGES.profileUpdated : PROFILE_MESSAGES.profileCreated);
    setExists(true);
  };

  return (
    <ProfileLocksProvider locks={locks}>
      <div className="pf-layout">
        <SectionNav />
        <form
          ref={formRef}
          className="pf-form"
          noValidate
          aria-busy={saving}
          aria-label="Profil bilgileri"
          onSubmit={(event) => void onSubmit(event)}
        >
          <VisualSection
            images={images}
            errors={errors}
            onChoose={onChooseImage}
            onRemove={(slot) => dispatch({ type: 'imageRemoved', slot })}
            onUnreadable={(slot, file) =>
              dispatch({ type: 'imageRefused', slot, file, message: PROFILE_MESSAGES.profileImageUnreadable })
            }
          />
          <PersonalSection bind={bind} />
          <ContactSection
            bind={bind}
            address={values.address}
            location={values.location}
            source={locationSource}
            geocode={lookupState}
            locating={locating}
            onOpenMap={() => setMapOpen(true)}
            onUseDevice={() => void locateDevice()}
            onPickCandidate={(candidate: GeocodeCandidate) => chooseLocation(candidate.coordinates, 'candidate')}
            onClear={() => {
              cancelLookup();
              dispatch({ type: 'locationCleared' });
            }}
          />
          <SocialSection values={values} bind={bind} dispatch={dispatch} onRowAdded={onRowAdded} />
          <CompanySection bind={bind} />
          <InvoiceSection bind={bind} />
          <BankSection values={values} bind={bind} dispatch={dispatch} onRowAdded={onRowAdded} />
          <PaymentSection values={values} bind={bind} dispatch={dispatch} onRowAdded={onRowAdded} />
          <LanguagesSection values={values} bind={bind} dispatch={dispatch} />
          <VisibilitySection
            searchable={values.searchable}
            error={errors.searchable}
            onChange={(value) => dispatch({ type: 'searchableChanged', value })}
          />

          <div className="pf-savebar">
            {formError && (
              <p className="alert pf-savebar__error" role="alert">
                {formError}
              </p>
            )}
            <p className={dirty ? 'pf-savebar__note pf-savebar__note--dirty' : 'pf-savebar__note'}>
              {dirty
                ? 'Kaydedilmemiş değişiklikleriniz var.'
                : exists
                  ? 'Profiliniz kayıtlı; değişiklikler kaydettiğinizde kartınızda görünür.'
                  : 'Profiliniz kaydettiğinizde oluşturulur.'}
            </p>
            <button type="submit" className="btn btn--primary btn--lg pf-savebar__button" disabled={saving}>
              {saving ? 'Kaydediliyor...' : 'Profili Kaydet'}
            </button>
          </div>
        </form>

        <LocationPickerModal
          open={mapOpen}
          addressText={addressText(values.address)}
          initial={values.location}
          onSelect={(location: Coordinates) => {
            chooseLocation(location, 'map');
            setMapOpen(false);
          }}
          onClose={() => setMapOpen(false)}
        />
        <UnsavedChangesGuard dirty={dirty} />
      </div>
    </ProfileLocksProvider>
  );
}

/** A refused file's message stays on screen until another file is chosen; it does not block saving. */
function imageErrors(errors: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const slot of ['profilePicture', 'coverPhoto', 'companyLogo'] as const) {
    const message = errors[slot];
    if (message) kept[slot] = message;
  }
  return kept;
}
