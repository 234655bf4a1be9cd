export * from './constants.ts';
export * from './messages.ts';
export * from './text.ts';
export * from './validation/auth.ts';
export * from './events/index.ts';
export * from './http/common.ts';
export * from './http/auth.ts';
export * from './errors.ts';
