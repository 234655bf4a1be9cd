import { useCallback, useState, type ChangeEvent } from 'react';
import { IMAGE_ACCEPT, IMAGE_LIMIT_BYTES } from './image-files.ts';
import { fieldId } from './fields.tsx';
import { displayImageUrl } from './image-url.ts';
import type { ImageSlot, ImageValue, ImageValues } from './profile-form.ts';
import { Section } from './section.tsx';
import { LockedField, useProfileLock } from './office-lock.tsx';

export interface SlotText {
  readonly title: string;
  readonly hint: string;
}

const SLOT_TEXT: Readonly<Record<ImageSlot, SlotText>> = {
  profilePicture: { title: 'Profil fotoğrafı', hint: 'Kare bir fotoğraf en iyi sonucu verir.' },
  coverPhoto: { title: 'Kapak fotoğrafı', hint: 'Kartınızın üst kısmında geniş olarak gösterilir.' },
  companyLogo: { title: 'Şirket logosu', hint: 'İsteğe bağlı. Şeffaf arka planlı PNG önerilir.' },
};

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))}\u00a0MB`;
}

/** A newly chosen file is shown from memory; its address is released when the preview goes. */
function useFilePreview(file: File | null) {
  return useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !file) return undefined;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
}

interface ImagePickerProps {
  readonly slot: ImageSlot;
  /** Another owner's words for the slot (the office's logo); the profile's by default. */
  readonly text?: SlotText;
  /** What happens to a chosen file: the profile saves it with the form; 'Ofisim' uploads it at once. */
  readonly pendingNote?: string | null;
  readonly image: ImageValue;
  readonly error: string | undefined;
  readonly onChoose: (slot: ImageSlot, file: File) => void;
  readonly onRemove: (slot: ImageSlot) => void;
  /** The chosen file could not be shown: it is no image the browser (or the server) can read. */
  readonly onUnreadable: (slot: ImageSlot, file: File) => void;
}

export function ImagePicker({
  slot,
  text,
  pendingNote = 'Yeni görsel seçildi, kaydettiğinizde yüklenecek.',
  image,
  error,
  onChoose,
  onRemove,
  onUnreadable,
}: ImagePickerProps) {
  const { title, hint } = text ?? SLOT_TEXT[slot];
  const id = fieldId(slot);
  const attachPreview = useFilePreview(image.file);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const storedUrl = displayImageUrl(image.url, image.version);
  const showStored = !image.file && storedUrl !== '' && brokenUrl !== storedUrl;
  const hasImage = image.file !== null || image.url !== '';

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Lets the same file be chosen again after it was removed.
    event.target.value = '';
    if (file) onChoose(slot, file);
  };

  return (
    <div className={`pf-image pf-image--${slot}`}>
      <div className="pf-image__preview">
        {image.file ? (
          <img
            key="chosen"
            ref={attachPreview}
            alt={`${title} önizlemesi`}
            onError={() => image.file && onUnreadable(slot, image.file)}
          />
        ) : showStored ? (
          <img key={storedUrl} src={storedUrl} alt={title} onError={() => setBrokenUrl(storedUrl)} />
        ) : (
          <svg className="pf-image__placeholder" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M4 5h16v14H4zM4 15l4.5-4.5 4 4 2.5-2.5L20 17M15.5 9.5h.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </div>
      <div className="pf-image__body">
        <p className="pf-image__title">{title}</p>
        <p className="pf-image__hint" id={`${id}-hint`}>
          {hint} JPEG, PNG veya WebP, en fazla {megabytes(IMAGE_LIMIT_BYTES[slot])}.
        </p>
        {image.file && pendingNote && <p className="pf-image__pending">{pendingNote}</p>}
      </div>
      <div className="pf-image__footer">
        <div className="pf-image__actions">
          <label className="btn btn--secondary pf-image__choose">
            <input
              id={id}
              name={slot}
              className="visually-hidden"
              type="file"
              accept={IMAGE_ACCEPT}
              aria-label={`${title} seç`}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')}
              onChange={onChange}
            />
            <span aria-hidden="true">{hasImage ? 'Değiştir' : 'Görsel Seç'}</span>
          </label>
          {hasImage && (
            <button
              type="button"
              className="btn btn--ghost pf-image__remove"
              aria-label={`${title} kaldır`}
              onClick={() => onRemove(slot)}
            >
              Kaldır
            </button>
          )}
        </div>
        {error && (
          <p id={`${id}-error`} className="pf-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

interface VisualSectionProps {
  readonly images: ImageValues;
  readonly errors: Readonly<Record<string, string>>;
  readonly onChoose: (slot: ImageSlot, file: File) => void;
  readonly onRemove: (slot: ImageSlot) => void;
  readonly onUnreadable: (slot: ImageSlot, file: File) => void;
}

export function VisualSection({ images, errors, onChoose, onRemove, onUnreadable }: VisualSectionProps) {
  const logoLock = useProfileLock('companyLogo');
  return (
    <Section id="profil-gorseller" description="Kartınızda görünen fotoğraflar ve şirket logonuz.">
      <div className="pf-images">
        <ImagePicker
          slot="profilePicture"
          image={images.profilePicture}
          error={errors.profilePicture}
          onChoose={onChoose}
          onRemove={onRemove}
          onUnreadable={onUnreadable}
        />
        {logoLock ? (
          <LockedField lock={logoLock} label="Şirket logosu" wide={false} />
        ) : (
          <ImagePicker
            slot="companyLogo"
            image={images.companyLogo}
            error={errors.companyLogo}
            onChoose={onChoose}
            onRemove={onRemove}
            onUnreadable={onUnreadable}
          />
        )}
        <ImagePicker
          slot="coverPhoto"
          image={images.coverPhoto}
          error={errors.coverPhoto}
          onChoose={onChoose}
          onRemove={onRemove}
          onUnreadable={onUnreadable}
        />
      </div>
    </Section>
  );
}
