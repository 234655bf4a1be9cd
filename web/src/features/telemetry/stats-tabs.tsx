import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDefinition<Id extends string> {
  readonly id: Id;
  readonly label: string;
}

interface TabsProps<Id extends string> {
  readonly tabs: readonly TabDefinition<Id>[];
  readonly selected: Id;
  readonly onSelect: (id: Id) => void;
  readonly label: string;
  readonly children: ReactNode;
}

const tabId = (id: string) => `stats-tab-${id}`;
const panelId = (id: string) => `stats-panel-${id}`;

/**
 * WAI-ARIA tabs with automatic activation: one tab in the tab order, arrow keys (and Home/End)
 * move between tabs and show their panel. Only the selected panel is rendered.
 */
export function Tabs<Id extends string>({ tabs, selected, onSelect, label, children }: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Move from the tab that has focus, not from `selected`: the selection lives in the address and
    // reaches this component through a router transition, so a second key can arrive before it is
    // rendered (End then → would count from the tab selected before End).
    const focused = tabs.findIndex((tab) => refs.current.get(tab.id) === event.target);
    const index = focused >= 0 ? focused : tabs.findIndex((tab) => tab.id === selected);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    const button = refs.current.get(tab.id);
    button?.focus();
    button?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div className="stats-tabs">
      <div className="stats-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={active ? panelId(tab.id) : undefined}
              tabIndex={active ? 0 : -1}
              className="stats-tabs__tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div className="stats-tabs__panel" role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
