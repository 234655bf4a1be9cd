/** What the store needs to know about an event type. Each feature keeps a registry of its own types. */
export interface EventTypeInfo {
  /** Bumped when the data shape changes; readers upcast older versions. */
  readonly schemaVersion: number;
  /** Which data field names the owner whose key encrypts the personal fields. */
  readonly ownerField?: string;
  /**
   * Fields holding personal data (KVKK): encrypted with the owner's key, gone when the key is destroyed. Every free text
   * an owner or a visitor types belongs here (decision 51). A field added in a later schema version is read in plain
   * from the events older versions wrote (the codec takes from the sealed blob only what it holds), and as '' once
   * the key is gone.
   */
  readonly personalFields?: readonly string[];
}

export type EventRegistry<E extends { readonly type: string }> = { readonly [K in E['type']]: EventTypeInfo };
