import { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import { markup, type SafeHtml } from '@kartvizit/infra/html/markup';
import { icon } from '../html/icons.ts';

/**
 * What the sample card (/p/DEMO, schemas/src/demo/model.ts) shows beyond an ordinary card: a banner
 * saying it is a sample, a 'Bilgilerini Paylaş' dialog without a form, since the sample card
 * takes no leads (docs/decisions/0016-demo-card-and-legal-texts.md), and a 'Görüşme Planlayın'
 * form that can be tried and answers without sending (docs/decisions/0048-a-sample-card-that-sells.md).
 * Styles: web/src/public-card/sample.css.
 */
export const SAMPLE_TEXT = {
  badge: 'Örnek kart',
  banner:
    'Bu sayfa, Dijital Kartvizit ile hazırlanan bir kartın ziyaretçilere nasıl göründüğünü gösterir. Kişi ve şirket hayalidir; bu kartın ziyaretleri kaydedilmez.',
  register: 'Kendi kartınızı oluşturun',
  leadNote: 'Bu pencereden bilgi gönderilmez ve hiçbir bilgi kaydedilmez.',
  remsNote: 'Formu deneyebilirsiniz: bilgileriniz bu telefondan çıkmaz, hiçbir yere gönderilmez ve kaydedilmez.',
  /** What 'Gönder' answers on the sample card's 'Görüşme Planlayın' (the script shows it; nothing is sent). */
  remsThanks:
    'Örnek kart: bilgileriniz gönderilmedi ve kaydedilmedi. Kendi kartınızda bu form, ziyaretçinizi REMS’teki müşterilerinize ekler.',
  leadExplain:
    'Kendi kartınızda ziyaretçileriniz adını, telefonunu, e-postasını ve mesajını bu pencereden size iletir; bilgiler yalnızca sizin ‘Bağlantılar’ ekranınızda görünür.',
  disclosure: 'Ziyaretçilerin bilgilerinin nasıl işlendiği:',
  disclosureLink: 'Aydınlatma Metni',
  close: 'Kapat',
  registerButton: 'Kendi Kartımı Oluştur',
} as const;

export const REGISTER_PATH = '/auth/register';

export function sampleBanner(): SafeHtml {
  return markup`<aside class="pc-sample" aria-label="${SAMPLE_TEXT.badge}"><p class="pc-sample__text"><strong class="pc-sample__badge">${icon('about', 'pc-icon pc-sample__icon')}${SAMPLE_TEXT.badge}</strong> ${SAMPLE_TEXT.banner}</p><a class="pc-sample__cta" href="${REGISTER_PATH}">${SAMPLE_TEXT.register}</a></aside>`;
}

/** Said at the top of the sample card's 'Görüşme Planlayın': the form can be tried, nothing leaves the phone. */
export function sampleRemsNote(): SafeHtml {
  return markup`<p class="pc-sample-note"><strong>${SAMPLE_TEXT.badge}:</strong> ${SAMPLE_TEXT.remsNote}</p>`;
}

/** The lead dialog of the sample card: the same opener and title, an explanation instead of fields. */
export function sampleLeadDialog(title: string): SafeHtml {
  return markup`<dialog class="pc-dialog pc-dialog--sample" id="pc-lead" aria-labelledby="pc-lead-title"><div class="pc-dialog__body pc-form">
<h2 class="pc-dialog__title" id="pc-lead-title">${title}</h2>
<p class="pc-sample-note"><strong>${SAMPLE_TEXT.badge}:</strong> ${SAMPLE_TEXT.leadNote}</p>
<p class="pc-muted">${SAMPLE_TEXT.leadExplain}</p>
<p class="pc-notice">${icon('shield')}<span>${SAMPLE_TEXT.disclosure} <a href="${LEGAL_PATHS.disclosure}" target="_blank" rel="noopener">${SAMPLE_TEXT.disclosureLink}</a></span></p>
<div class="pc-dialog__actions"><button type="button" class="pc-btn pc-btn--ghost" data-close>${SAMPLE_TEXT.close}</button><a class="pc-btn pc-btn--primary" href="${REGISTER_PATH}">${SAMPLE_TEXT.registerButton}</a></div>
</div></dialog>`;
}
