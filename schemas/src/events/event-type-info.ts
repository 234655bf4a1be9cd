/** What the store needs to know about an event type. Each feature keeps a registry of its own types. */
export interface EventTypeInfo {
  /** Bumped when the data shape changes; readers upcast older versions. */
  readonly schemaVersion: number;
  /** Which data field names the owner whose key encrypts the personal fields. */
  readonly ownerField?: string;
  /** Fields holding personal data (KVKK): encrypted with the owner's key, gone when the key is destroyed. */
  readonly personalFields?: readonly string[];
}

export type EventRegistry<E extends { readonly type: string }> = { readonly [K in E['type']]: EventTypeInfo };
