import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import type { WebhookSubscription } from '@kartvizit/schemas/webhook/model';
import { webhookEventsProblem, webhookUrlShapeProblem } from '@kartvizit/schemas/webhook/rules';
import { serverProblem } from '../../shared/server-problem.ts';
import { useGetCurrentOfficeQuery } from '../office/api.ts';
import { Switch } from '../../shared/ui/switch.tsx';
import { CardTextField } from '../../shared/ui/text-field.tsx';
import { useAddWebhookMutation } from './webhooks-api.ts';
import {
  adminOffice,
  ALL_PRODUCT_EVENTS,
  coveredByAllProducts,
  DEFAULT_EVENTS,
  EVENT_GROUPS,
  eventLabel,
  sentEvents,
  toggleEvent,
} from './webhooks-facts.ts';

export interface AddedWebhook {
  readonly url: string;
  readonly secret: string;
}

/**
 * 'Webhook Ekle': the address, the events in groups and whether personal data goes along. Checked with the shared
 * rules first; the server then checks the address itself (https, not a private or loopback one, resolvable) and its
 * Turkish message is shown beside the field it names. An office admin first chooses whom it is for: their own cards, or
 * the office (it then hears the office's cards and leads); everyone else sees no such choice.
 */
export function AddWebhookForm({ onAdded }: { readonly onAdded: (added: AddedWebhook) => void }) {
  const titleId = useId();
  const eventsErrorId = useId();
  const personalId = useId();
  const ownerErrorId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookSubscription[]>([...DEFAULT_EVENTS]);
  const [personalData, setPersonalData] = useState(true);
  const [forOffice, setForOffice] = useState(false);
  const [ownerError, setOwnerError] = useState<string | null>(null);
  const office = adminOffice(useGetCurrentOfficeQuery().data);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const eventsRef = useRef<HTMLFieldSetElement>(null);
  const ownerRef = useRef<HTMLFieldSetElement>(null);
  const [add, { isLoading: adding }] = useAddWebhookMutation();
  const allProducts = events.includes(ALL_PRODUCT_EVENTS);

  const focusEvents = () => eventsRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adding) return;
    const chosen = sentEvents(events);
    const urlProblem = webhookUrlShapeProblem(url);
    const eventsProblem = webhookEventsProblem(chosen);
    setUrlError(urlProblem);
    setEventsError(eventsProblem);
    setFormError(null);
    setOwnerError(null);
    if (urlProblem) return urlRef.current?.focus();
    if (eventsProblem) return focusEvents();

    // The fields stay enabled while the server checks the address: a field it refuses must be able to take the focus.
    const officeId = forOffice && office ? office.id : undefined;
    const result = await add({ url: url.trim(), events: chosen, personalData, ...(officeId ? { officeId } : {}) });
    if ('error' in result) {
      const server = serverProblem(result.error);
      const message = server?.message ?? MESSAGES.serverError;
      if (server?.field === 'url') {
        setUrlError(message);
        urlRef.current?.focus();
      } else if (server?.field === 'officeId' && office) {
        // No longer the office's admin: the choice says so and takes the focus.
        setOwnerError(message);
        ownerRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
      } else if (server?.field === 'events') {
        setEventsError(message);
        focusEvents();
      } else {
        setFormError(message);
        toast.error(message);
      }
      return;
    }
    const added = { url: url.trim(), secret: result.data.data.secret };
    setUrl('');
    setEvents([...DEFAULT_EVENTS]);
    setPersonalData(true);
    setForOffice(false);
    toast.success(result.data.message);
    onAdded(added);
  };

  return (
    <form
      className="wh-form"
      noValidate
      aria-labelledby={titleId}
      aria-busy={adding}
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 id={titleId} className="wh-subtitle">
        Webhook Ekle
      </h3>
      {formError && (
        <div className="alert" role="alert">
          {formError}
        </div>
      )}
      <CardTextField
        label="Adres"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder="https://ornek.com/webhook"
        inputRef={urlRef}
        value={url}
        readOnly={adding}
        onChange={(event) => {
          setUrl(event.target.value);
          if (urlError) setUrlError(null);
        }}
        error={urlError}
        hint="Olaylar bu adrese imzalı JSON istekleriyle (POST) gönderilir. Yalnızca https adresleri kabul edilir."
      />

      {office && (
        <fieldset ref={ownerRef} className="wh-owner" aria-describedby={ownerError ? ownerErrorId : undefined}>
          <legend className="card-field__label">Kimin için?</legend>
          <div className="wh-owner__options">
            <label className="wh-owner__option">
              <input
                type="radio"
                name="owner"
                value="own"
                checked={!forOffice}
                onChange={() => {
                  setForOffice(false);
                  setOwnerError(null);
                }}
              />
              <span>Kendi kartlarım</span>
            </label>
            <label className="wh-owner__option">
              <input
                type="radio"
                name="owner"
                value="office"
                checked={forOffice}
                onChange={() => {
                  setForOffice(true);
                  setOwnerError(null);
                }}
              />
              <span>Ofis: {office.name}</span>
            </label>
          </div>
          <p className="card-field__hint">
            {forOffice
              ? 'Ofisin tüm kartlarındaki olaylar gönderilir; ofisin diğer yöneticileri de bu webhook’u görür.'
              : 'Yalnızca sizin kartlarınızdaki olaylar gönderilir.'}
          </p>
          {ownerError && (
            <p id={ownerErrorId} className="card-field__error" role="alert">
              {ownerError}
            </p>
          )}
        </fieldset>
      )}

      <fieldset ref={eventsRef} className="wh-events" aria-describedby={eventsError ? eventsErrorId : undefined}>
        <legend className="card-field__label">Olaylar</legend>
        <div className="wh-events__groups">
          {EVENT_GROUPS.map((group) => (
            <fieldset key={group.title} className="wh-events__group">
              <legend className="wh-events__group-title">{group.title}</legend>
              {group.events.map((name) => {
                const covered = allProducts && coveredByAllProducts(name);
                return (
                  <label key={name} className="wh-check">
                    <input
                      type="checkbox"
                      name="events"
                      value={name}
                      checked={covered || events.includes(name)}
                      disabled={covered}
                      onChange={(change) => {
                        setEvents((current) => toggleEvent(current, name, change.target.checked));
                        if (eventsError) setEventsError(null);
                      }}
                    />
                    <span>
                      {eventLabel(name)} <span className="wh-check__code">{name}</span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
          ))}
        </div>
        {eventsError && (
          <p id={eventsErrorId} className="card-field__error" role="alert">
            {eventsError}
          </p>
        )}
      </fieldset>

      <div className="switch-row">
        <div className="switch-row__text">
          <label className="card-field__label" htmlFor={personalId}>
            Kişisel verileri gönder (ad, telefon, e-posta, mesaj)
          </label>
          <p id={`${personalId}-hint`} className="card-field__hint">
            Kapalıyken gönderimlerde kişinin adı, telefonu, e-postası ve mesajı yer almaz; olayın türü, kimliği ve
            zamanı yine gider.
          </p>
        </div>
        <Switch
          id={personalId}
          name="personalData"
          checked={personalData}
          aria-describedby={`${personalId}-hint`}
          onChange={(event) => setPersonalData(event.target.checked)}
        />
      </div>

      <div className="wh-form__actions">
        <button type="submit" className="btn btn--primary" disabled={adding} aria-busy={adding}>
          {adding ? 'Ekleniyor...' : 'Webhook Ekle'}
        </button>
      </div>
    </form>
  );
}
