import { PROVINCES, districtsOf } from '@kartvizit/schemas/places/turkey';
import { CUSTOMER_FIELDS, checkCustomerForm, type CustomerInput } from '@kartvizit/schemas/rems/rules';
import { debug } from '../shared/debug.ts';
import { formFeedback, type FormSender, type Localise } from './public-form.ts';

/**
 * 'Görüşme Planlayın' (SPEC: customer registration modal, issue 14). Its own chunk, loaded when the dialog first
 * opens: with it come the form's rules (schemas/src/rems/rules.ts, the server's own) and Türkiye's 81 provinces
 * with their districts (17 kB, 6.7 kB gzipped), which a card page visitor who never opens the dialog never pays for
 * (docs/decisions/0037-rems-card-block.md).
 */

export interface RemsFormOptions {
  readonly cardId: string;
  /** The card owner's id, as the page names it (`cardOwnerId`). */
  readonly ownerId: string;
  readonly sender: FormSender;
  readonly text: {
    readonly sending: string;
    readonly invalid: string;
    readonly error: string;
    readonly offline: string;
  };
  /** Stored: the dialog closes and the page says `message` (the thanks, 5 s). */
  readonly done: (message: string) => void;
  /** The page's language for what the rules and the server say in Turkish. */
  readonly localise?: Localise;
}

function option(value: string, label: string): HTMLOptionElement {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = label;
  return element;
}

export function remsForm(form: HTMLFormElement, options: RemsFormOptions) {
  const feedback = formFeedback(form, options.localise);
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const province = form.elements.namedItem('province');
  const district = form.elements.namedItem('district');
  const districtField = form.querySelector<HTMLElement>('[data-field-of="province"]');
  if (!(province instanceof HTMLSelectElement) || !(district instanceof HTMLSelectElement)) {
    throw new Error('REMS form without its province and district');
  }
  const noDistrict = district.options[0]?.textContent ?? '';

  province.append(...PROVINCES.map((place) => option(place.id, place.name)));

  /** The district is asked for once a province is chosen, from that province's districts only. */
  const showDistricts = (provinceId: string) => {
    district.replaceChildren(option('', noDistrict), ...districtsOf(provinceId).map((name) => option(name, name)));
    if (districtField) districtField.hidden = provinceId === '';
  };
  province.addEventListener('change', () => showDistricts(province.value));
  // After a reset the province is back to none: so is the district.
  form.addEventListener('reset', () => showDistricts(''));

  let sending = false;

  return {
    submit(): void {
      if (sending) return;
      feedback.clear();
      const input: { -readonly [F in keyof CustomerInput]: string } = {};
      for (const field of CUSTOMER_FIELDS) input[field] = feedback.value(field);
      // The server's own rules, said the same way, every field at once, before anything leaves the phone.
      const check = checkCustomerForm(input);
      if (!check.ok) {
        let first = true;
        for (const field of CUSTOMER_FIELDS) {
          const message = check.problems[field];
          if (message === undefined) continue;
          feedback.show(message, field, first);
          first = false;
        }
        feedback.showForm(options.text.invalid);
        return;
      }
      const consent = form.elements.namedItem('marketingConsent');
      // Opened from a listing's page (`/p/{cardId}?ilan={productId}#pc-rems-h`, issue 33): the registration names it.
      const productId = new URLSearchParams(window.location.search).get('ilan')?.trim() || null;
      // SPEC §3 customer registration payload as the rules normalised it: digits-only phone, empty optionals as null,
      // the province's name from the list.
      const body = {
        cardOwnerId: options.ownerId,
        cardId: options.cardId,
        ...check.customer,
        marketingConsent: consent instanceof HTMLInputElement && consent.checked,
        website: feedback.value('website'),
        productId,
      };
      sending = true;
      const label = submit?.textContent ?? '';
      if (submit) {
        submit.disabled = true;
        submit.textContent = options.text.sending;
      }
      options.sender
        .send(body)
        // A listing gone since its page was opened ('İlan bulunamadı'): the visitor is still registered, from the card.
        .then((sent) => (sent.answer.field === 'productId' ? options.sender.send({ ...body, productId: null }) : sent))
        .then(({ response, answer }) => {
          if (response.ok && answer.success) {
            form.reset();
            options.done(answer.message ?? '');
          } else {
            feedback.show(answer.message ?? options.text.error, answer.field);
          }
        })
        .catch((error: unknown) => {
          debug('REMS registration failed', error);
          feedback.showForm(options.text.offline);
        })
        .finally(() => {
          sending = false;
          if (!submit) return;
          submit.disabled = false;
          submit.textContent = label;
        });
    },
  };
}
