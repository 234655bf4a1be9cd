/**
 * The portfolio's filters on the card page (issue 33): purpose, property type and rooms as radio groups. A listing
 * shows when it matches every group's choice ('Tümü' matches all); the count says how many remain in the page's
 * language, with its plural rules. Loaded only by a card that has listings (main.ts imports it on demand).
 */
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string };

export function enhancePortfolio(form: HTMLFormElement): void {
  const section = form.closest<HTMLElement>('[data-cat]');
  const items = [...(section?.querySelectorAll<HTMLElement>('.pc-cat__item[data-purpose]') ?? [])];
  const count = form.querySelector<HTMLElement>('[data-cat-count]');
  const none = form.querySelector<HTMLElement>('[data-cat-none]');
  const forms = JSON.parse(form.dataset.countForms ?? '{"other":"#"}') as Forms;
  const rules = new Intl.PluralRules(form.lang || document.documentElement.lang);

  form.addEventListener('change', () => {
    const chosen = new FormData(form);
    let shown = 0;
    for (const item of items) {
      const matches = (['purpose', 'type', 'rooms'] as const).every((name) => {
        const value = chosen.get(name);
        return !value || item.dataset[name] === value;
      });
      item.hidden = !matches;
      if (matches) shown += 1;
    }
    if (count) count.textContent = (forms[rules.select(shown)] ?? forms.other).replace('#', String(shown));
    if (none) none.hidden = shown > 0;
    // The strip's arrows and progress follow what is left.
    section?.querySelector('[data-cat-list]')?.dispatchEvent(new Event('scroll'));
  });
}
