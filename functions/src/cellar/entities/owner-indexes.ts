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
