/**
 * The single table. Defined once: the CDK data stack and the local runner both create it from this,
 * and an infra test checks that its GSIs are exactly the physical indexes the ElectroDB entities use.
 */
export interface TableIndex {
  name: string;
  partitionKey: string;
  sortKey: string;
}

export const TABLE_SCHEMA = {
  /** Default table name; deployed functions read the real one from TABLE_NAME. */
  defaultName: 'kork',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes expired items (rate-limit windows, one-time tokens). */
  ttlAttribute: 'expiresAt',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ] as const satisfies readonly TableIndex[],
} as const;

export type GlobalIndexName = (typeof TABLE_SCHEMA.globalIndexes)[number]['name'];
