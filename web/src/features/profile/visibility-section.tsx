import { Switch } from '../../shared/ui/switch.tsx';
import { fieldId } from './fields.tsx';
import { Section } from './section.tsx';

interface Props {
  readonly searchable: boolean;
  readonly error: string | undefined;
  readonly onChange: (searchable: boolean) => void;
}

/**
 * Whether search engines may list the owner's card pages (docs/decisions/0019). A real checkbox
 * with the switch role: the label and the keyboard toggle it, screen readers hear "açık/kapalı".
 */
export function VisibilitySection({ searchable, error, onChange }: Props) {
  const id = fieldId('searchable');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Section id="profil-gorunurluk" description="Kart sayfanızı kimlerin bulabileceğini seçin.">
      <div className="pf-toggle">
        <div className="pf-toggle__text">
          <label className="form-field__label" htmlFor={id}>
            Arama motorlarında görünsün
          </label>
          <p id={hintId} className="pf-field__hint">
            Açıkken kart sayfanız arama motorlarında listelenir ve sitemap.xml dosyasında yer alır; sayfadaki iletişim
            bilgileri arama sonuçlarında görünebilir. Kapalıyken sayfanızı yalnızca bağlantısı veya QR kodu olanlar
            açar.
          </p>
          {error && (
            <p id={errorId} className="pf-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <Switch
          id={id}
          name="searchable"
          checked={searchable}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
      </div>
    </Section>
  );
}
