// The escaping templates moved to infra, where the e-mail layouts use them too.
export * from '@kartvizit/infra/html/markup';
