import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import {
  API_TOKEN_MAX_LIFETIME_MS,
  API_TOKEN_NAME_MAX_LENGTH,
  checkApiTokenInput,
  type ApiTokenScope,
} from '@kartvizit/schemas/account/token-rules';
import { serverProblem } from '../../shared/server-problem.ts';
import { CardTextField } from '../../shared/ui/text-field.tsx';
import { useCreateApiTokenMutation } from './api-tokens-api.ts';
import { dayInput, EXPIRY_CHOICES, expiryOf, SCOPE_GROUPS, scopeLabel, type ExpiryChoice } from './api-tokens-facts.ts';

export interface CreatedApiToken {
  readonly name: string;
  readonly token: string;
}

type Field = 'name' | 'scopes' | 'expiresAt';

/**
 * 'Yeni Anahtar Oluştur': a name, the scopes in groups and how long it lasts. Checked with the shared rules first; the
 * server's Turkish message is shown beside the field it names.
 */
export function ApiTokenForm({ onCreated }: { readonly onCreated: (created: CreatedApiToken) => void }) {
  const titleId = useId();
  const scopesErrorId = useId();
  const expiryId = useId();
  const dateId = useId();
  const expiryErrorId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const scopesRef = useRef<HTMLFieldSetElement>(null);
  const expiryRef = useRef<HTMLSelectElement>(null);
  const [create, { isLoading: creating }] = useCreateApiTokenMutation();

  const focus = (field: Field) => {
    if (field === 'name') nameRef.current?.focus();
    else if (field === 'scopes') scopesRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    else expiryRef.current?.focus();
  };
  const fail = (field: Field, message: string) => {
    setErrors({ [field]: message });
    focus(field);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating) return;
    const body = { name, scopes, expiresAt: expiryOf(expiry, date, new Date()) };
    const checked = checkApiTokenInput(body, new Date());
    if (!checked.ok) return fail(checked.field, checked.message);
    setErrors({});
    const result = await create(body);
    if ('error' in result) {
      const server = serverProblem(result.error);
      const message = server?.message ?? MESSAGES.serverError;
      const field = server?.field;
      if (field === 'name' || field === 'scopes' || field === 'expiresAt') fail(field, message);
      else toast.error(message);
      return;
    }
    setName('');
    setScopes([]);
    setExpiry('90');
    setDate('');
    toast.success(result.data.message);
    onCreated({ name: checked.name, token: result.data.data.token });
  };

  const today = new Date();
  const latest = new Date(today.getTime() + API_TOKEN_MAX_LIFETIME_MS - 24 * 60 * 60_000);
  const tomorrow = new Date(today.getTime() + 24 * 60 * 60_000);

  return (
    <form
      className="api-tokens-form"
      noValidate
      aria-labelledby={titleId}
      aria-busy={creating}
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 id={titleId} className="api-tokens-subtitle">
        Yeni Anahtar Oluştur
      </h3>
      <CardTextField
        label="Anahtarın adı"
        name="name"
        autoComplete="off"
        maxLength={API_TOKEN_NAME_MAX_LENGTH * 2}
        placeholder="Örneğin: Zapier, muhasebe aktarımı"
        inputRef={nameRef}
        value={name}
        disabled={creating}
        onChange={(event) => {
          setName(event.target.value);
          if (errors.name) setErrors({});
        }}
        error={errors.name ?? null}
        hint="Anahtarı neyin kullandığını hatırlamanız için; listede bu adla görünür."
      />

      <fieldset
        ref={scopesRef}
        className="api-tokens-scopes"
        aria-describedby={errors.scopes ? scopesErrorId : undefined}
        disabled={creating}
      >
        <legend className="card-field__label">Yetkiler</legend>
        <p className="api-tokens-muted">
          Anahtar yalnızca seçtiğiniz işlere erişir. Hesap ayarları, şifre, oturumlar ve anahtarların kendisi hiçbir
          anahtarla değiştirilemez.
        </p>
        <div className="api-tokens-scopes__groups">
          {SCOPE_GROUPS.map((group) => (
            <fieldset key={group.area} className="api-tokens-scopes__group">
              <legend className="api-tokens-scopes__title">{group.label}</legend>
              {group.scopes.map((scope) => (
                <label key={scope} className="api-tokens-check">
                  <input
                    type="checkbox"
                    name="scopes"
                    value={scope}
                    checked={scopes.includes(scope)}
                    onChange={(change) => {
                      const on = change.target.checked;
                      setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
                      if (errors.scopes) setErrors({});
                    }}
                  />
                  <span>
                    {scopeLabel(scope)} <span className="api-tokens-code">{scope}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        {errors.scopes && (
          <p id={scopesErrorId} className="card-field__error" role="alert">
            {errors.scopes}
          </p>
        )}
      </fieldset>

      <div className="api-tokens-expiry">
        <div className="card-field">
          <label className="card-field__label" htmlFor={expiryId}>
            Geçerlilik süresi
          </label>
          <select
            id={expiryId}
            ref={expiryRef}
            name="expiry"
            className="card-field__input"
            value={expiry}
            disabled={creating}
            aria-invalid={errors.expiresAt ? true : undefined}
            aria-describedby={errors.expiresAt ? expiryErrorId : undefined}
            onChange={(event) => {
              setExpiry(event.target.value as ExpiryChoice);
              if (errors.expiresAt) setErrors({});
            }}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {expiry === 'date' && (
          <div className="card-field">
            <label className="card-field__label" htmlFor={dateId}>
              Son geçerlilik günü
            </label>
            <input
              id={dateId}
              type="date"
              name="expiresOn"
              className="card-field__input"
              min={dayInput(tomorrow)}
              max={dayInput(latest)}
              value={date}
              disabled={creating}
              aria-invalid={errors.expiresAt ? true : undefined}
              aria-describedby={errors.expiresAt ? expiryErrorId : undefined}
              onChange={(event) => {
                setDate(event.target.value);
                if (errors.expiresAt) setErrors({});
              }}
            />
          </div>
        )}
        {errors.expiresAt && (
          <p id={expiryErrorId} className="card-field__error api-tokens-expiry__error" role="alert">
            {errors.expiresAt}
          </p>
        )}
      </div>
      <p className="api-tokens-muted">Bir anahtar en fazla bir yıl geçerlidir; süresi dolunca yenisini oluşturun.</p>

      <div className="api-tokens-form__actions">
        <button type="submit" className="btn btn--primary" disabled={creating} aria-busy={creating}>
          {creating ? 'Oluşturuluyor...' : 'Anahtar Oluştur'}
        </button>
      </div>
    </form>
  );
}
