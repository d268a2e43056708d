/**
 * The indexes of everything a cellar holds (wines, history, locations, categories): the owner's
 * partition, sorted by the item's id (ULIDs, so by time too), and the `owned` collection that account
 * deletion removes.
 */
export const ownerIndexes = {
  // All of one kind in one query, or one item by key.
  byOwnerKey: {
    pk: { field: 'pk', composite: ['ownerId'] },
    sk: { field: 'sk', composite: ['id'] },
  },
  // What account deletion removes.
  byOwner: {
    index: 'gsi3',
    collection: 'owned',
    pk: { field: 'gsi3pk', composite: ['ownerId'] },
    sk: { field: 'gsi3sk', composite: ['id'] },
  },
} as const;

/**
 * The indexes of an item an owner has one of (a counter, settings, the cellar's version): keyed by the
 * owner alone, and in the `owned` collection that account deletion removes.
 */
export const ownerItemIndexes = {
  byOwnerKey: {
    pk: { field: 'pk', composite: ['ownerId'] },
    sk: { field: 'sk', composite: [] },
  },
  byOwner: {
    index: 'gsi3',
    collection: 'owned',
    pk: { field: 'gsi3pk', composite: ['ownerId'] },
    sk: { field: 'gsi3sk', composite: [] },
  },
} as const;
