import { describe, expect, it } from 'vitest';
import { describeDevice } from './user-agent.ts';
import { USER_AGENTS } from './test-user-agents.ts';

describe('describeDevice', () => {
  it.each([
    ['iPhone', 'mobile', 'Safari', 'iOS'],
    ['samsungPhone', 'mobile', 'Samsung Internet', 'Android'],
    ['androidChrome', 'mobile', 'Chrome', 'Android'],
    ['androidTablet', 'tablet', 'Chrome', 'Android'],
    ['iPad', 'tablet', 'Safari', 'iOS'],
    ['macSafari', 'desktop', 'Safari', 'macOS'],
    ['windowsEdge', 'desktop', 'Edge', 'Windows'],
    ['linuxFirefox', 'desktop', 'Firefox', 'Linux'],
  ] as const)('%s is a %s running %s on %s', (name, device, browser, os) => {
    expect(describeDevice(USER_AGENTS[name])).toEqual({ device, browser, os });
  });

  it('takes an iPad that presents itself as a Mac for a tablet when the page reports several touch points', () => {
    expect(describeDevice(USER_AGENTS.macSafari, 5)).toEqual({ device: 'tablet', browser: 'Safari', os: 'iOS' });
  });

  it('keeps a Mac without a touch screen a desktop', () => {
    expect(describeDevice(USER_AGENTS.macSafari, 0).device).toBe('desktop');
    expect(describeDevice(USER_AGENTS.macSafari, 1).device).toBe('desktop');
    expect(describeDevice(USER_AGENTS.macSafari, null).device).toBe('desktop');
  });

  it('does not let touch points turn a phone or a Windows laptop into a tablet', () => {
    expect(describeDevice(USER_AGENTS.iPhone, 5).device).toBe('mobile');
    expect(describeDevice(USER_AGENTS.windowsEdge, 10).device).toBe('desktop');
  });

  it('says null rather than guessing a browser or OS it cannot name', () => {
    expect(describeDevice('Something/1.0')).toEqual({ device: 'desktop', browser: null, os: null });
    expect(describeDevice('Unknown Mobile thing').device).toBe('mobile');
  });
});
