import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PRODUCT_MESSAGES } from '@kartvizit/schemas/product/messages';
import type { CatalogueItemKind } from '@kartvizit/schemas/product/listing';
import { useAppDispatch } from '../../app/hooks.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { imageLimitOf, uploadInBatches, uploadProblem, uploadProductImages } from './upload.ts';

interface ProductImagesFieldProps {
  readonly images: readonly string[];
  /** A listing takes 30 images, a product 10. */
  readonly kind: CatalogueItemKind;
  readonly onImages: (images: readonly string[]) => void;
  readonly error?: string | undefined;
  /** Tells the form an upload is running, so it is not saved halfway. */
  readonly onBusy: (busy: boolean) => void;
  readonly disabled: boolean;
}

/** Where a message about `images` (ours or the server's) puts the focus: productFieldId('images'). */
const INPUT_ID = 'product-images';

/** The small variant of one of our uploads, for previews. */
function thumbnailOf(url: string): string {
  return url.replace(/\.(jpg|png)$/, '-sm.$1');
}

/**
 * Chosen files are uploaded at once (the profile's image pipeline), ten to a request; the returned addresses join
 * the product's images and previews. Each preview can be removed; removal only changes the form.
 */
export function ProductImagesField({ images, kind, onImages, error, onBusy, disabled }: ProductImagesFieldProps) {
  const dispatch = useAppDispatch();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = progress !== null;
  const message = problem ?? error;
  const limit = imageLimitOf(kind);
  const full = images.length >= limit;

  async function choose(list: FileList | null) {
    const files = list ? [...list] : [];
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    const refused = uploadProblem(files, images.length, kind);
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    onBusy(true);
    const { urls, outcome } = await uploadInBatches(
      files,
      (batch, onProgress) => uploadProductImages(batch, dispatch, onProgress),
      setProgress,
    );
    setProgress(null);
    onBusy(false);
    // What earlier batches uploaded stays, even when a later one failed.
    if (urls.length > 0) onImages([...images, ...urls.filter((url) => !images.includes(url))].slice(0, limit));
    if (!outcome.ok) {
      setProblem(outcome.message);
      if (outcome.status !== 401) toast.error(outcome.message);
      return;
    }
    toast.success(outcome.message);
  }

  return (
    <fieldset className="product-form__wide product-images" aria-describedby={message ? `${id}-error` : `${id}-hint`}>
      <legend className="form-field__label">Görseller</legend>
      {images.length > 0 && (
        <ul className="product-images__list" aria-label="Seçilen görseller">
          {images.map((url, index) => (
            <li key={url} className="product-images__item">
              <img src={thumbnailOf(url)} alt={`Görsel ${index + 1}`} width={96} height={96} loading="lazy" />
              <button
                type="button"
                className="product-images__remove"
                aria-label={`Görsel ${index + 1} kaldır`}
                disabled={disabled || uploading}
                onClick={() => onImages(images.filter((image) => image !== url))}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="product-images__pick">
        <input
          ref={inputRef}
          id={INPUT_ID}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          disabled={disabled || uploading || full}
          aria-invalid={message ? true : undefined}
          onChange={(event) => void choose(event.target.files)}
        />
        <label
          htmlFor={INPUT_ID}
          className={`btn btn--secondary product-images__button${disabled || uploading || full ? ' is-disabled' : ''}`}
        >
          <Icon path={ICONS.plus} />
          Görsel Seç
        </label>
        <span id={`${id}-hint`} className="product-field__hint">
          {images.length}/{limit} görsel · her biri en fazla 5 MB (JPEG, PNG, WebP)
        </span>
      </div>
      {uploading && (
        <div className="product-images__progress">
          <label htmlFor={`${id}-progress`}>{PRODUCT_MESSAGES.productUploading}</label>
          <progress id={`${id}-progress`} max={100} value={Math.round(progress * 100)}>
            %{Math.round(progress * 100)}
          </progress>
          <span aria-hidden="true">%{Math.round(progress * 100)}</span>
        </div>
      )}
      {message && (
        <p id={`${id}-error`} className="product-field__error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
