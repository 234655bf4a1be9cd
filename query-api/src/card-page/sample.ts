import { markup, type SafeHtml } from '@kartvizit/infra/html/markup';
import { icon } from '../html/icons.ts';
import type { Translate } from '../language/messages.ts';

/**
 * What the sample card (/p/DEMO, schemas/src/demo/model.ts) shows beyond an ordinary card: a banner
 * saying it is a sample, a 'Bilgilerini Paylaş' dialog without a form, since the sample card
 * takes no leads (docs/decisions/0016-demo-card-and-legal-texts.md), and a 'Görüşme Planlayın'
 * form that can be tried and answers without sending (docs/decisions/0048-a-sample-card-that-sells.md).
 * Styles: web/src/public-card/sample.css.
 */

export const REGISTER_PATH = '/auth/register';

export function sampleBanner(t: Translate): SafeHtml {
  return markup`<aside class="pc-sample" aria-label="${t('sampleBadge')}"><p class="pc-sample__text"><strong class="pc-sample__badge">${icon('about', 'pc-icon pc-sample__icon')}${t('sampleBadge')}</strong> ${t('sampleBanner')}</p><a class="pc-sample__cta" href="${REGISTER_PATH}">${t('sampleRegister')}</a></aside>`;
}

/** Said at the top of the sample card's 'Görüşme Planlayın': the form can be tried, nothing leaves the phone. */
export function sampleRemsNote(t: Translate): SafeHtml {
  return markup`<p class="pc-sample-note"><strong>${t('sampleBadge')}:</strong> ${t('sampleRemsNote')}</p>`;
}

/** The lead dialog of the sample card: the same opener and title, an explanation instead of fields. */
export function sampleLeadDialog(t: Translate, disclosure: string): SafeHtml {
  const title = t('leadTitle');
  return markup`<dialog class="pc-dialog pc-dialog--sample" id="pc-lead" aria-labelledby="pc-lead-title"><div class="pc-dialog__body pc-form">
<h2 class="pc-dialog__title" id="pc-lead-title">${title}</h2>
<p class="pc-sample-note"><strong>${t('sampleBadge')}:</strong> ${t('sampleLeadNote')}</p>
<p class="pc-muted">${t('sampleLeadExplain')}</p>
<p class="pc-notice">${icon('shield')}<span>${t('sampleDisclosure')} <a href="${disclosure}" target="_blank" rel="noopener">${t('leadNoticeLink')}</a></span></p>
<div class="pc-dialog__actions"><button type="button" class="pc-btn pc-btn--ghost" data-close>${t('close')}</button><a class="pc-btn pc-btn--primary" href="${REGISTER_PATH}">${t('sampleRegisterButton')}</a></div>
</div></dialog>`;
}
