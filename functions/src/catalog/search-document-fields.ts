/**
 * The search document items' names the OpenSearch pipeline reads (infra/lib/catalog-search-collection.ts),
 * apart from the code that writes them (search-documents.ts), so the CDK reads them without the table client.
 */

/** The entity the pipeline routes (`__edb_e__`, as the table's other items name theirs). */
export const SEARCH_DOCUMENT_ENTITY = 'catalogSearchDocument';
/** The attribute holding the document as JSON: the pipeline parses it and writes what it holds. */
export const SEARCH_DOCUMENT_ATTRIBUTE = 'document';
/** Marks the item of a wine no longer in the catalogue: the pipeline deletes its document. */
export const REMOVED_ATTRIBUTE = 'removed';
