/**
 * One name per parent in a cellar's two trees (SPEC §3 Location, wine list categories): two locations
 * under one parent (or at the top) cannot share a name, compared trimmed and without case or accents
 * (`treeNameKey`); nor can two categories.
 *
 * Safe under concurrency: every write that names an item (create, rename, move to another parent) is
 * written together with a new value of the tree's names stamp, on the cellar's version item, and only
 * while the stamp is still the one read before the tree was read. Two such writes at once cannot both
 * apply: the second reads the tree again and finds the name taken.
 */
import { type MessageKey, treeNameKey } from '@kork/shared';
import { ulid } from 'ulid';
import { tables } from '../../data/tables';
import { DomainError } from '../../platform/errors';

export type TreeKind = 'location' | 'category';

/** What both kinds hold (locations also a share token, categories a visibility). */
export interface TreeRecord {
  ownerId: string;
  id: string;
  name: string;
  parentId: string;
  order: number;
  createdAt: string;
  deleting?: string;
  shareToken?: string;
  isVisible?: boolean;
}

const STAMP = { location: 'locationNamesStamp', category: 'categoryNamesStamp' } as const;

/** 409 with the rule beside the name field: `{fields: {name: "A location with this name already exists here"}}`. */
export class NameTakenError extends DomainError {
  override name = 'NameTakenError';
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor(kind: TreeKind) {
    const key: MessageKey = kind === 'location' ? 'locationNameTaken' : 'categoryNameTaken';
    super({ key }, { name: key });
  }
}

/** The tree's names stamp now (strongly consistent); undefined before the first named write. */
export async function namesStampOf(kind: TreeKind, ownerId: string): Promise<string | undefined> {
  const { data } = await tables('cellar').cellarVersion.get({ ownerId }).go({ consistent: true });
  return data?.[STAMP[kind]];
}

/**
 * Refuses `name` under `parentId` when another item there (`self` excepted) has it. Items on their way
 * out count: should their deletion fail, they come back.
 */
export function assertNameFree(
  kind: TreeKind,
  records: readonly TreeRecord[],
  name: string,
  parentId: string | null | undefined,
  self?: string,
): void {
  const key = treeNameKey(name);
  const parent = parentId ?? '';
  const taken = records.some(
    (record) => record.id !== self && (record.parentId || '') === parent && treeNameKey(record.name) === key,
  );
  if (taken) throw new NameTakenError(kind);
}

/** The transaction item that moves the stamp on, only while it is still `read`. */
export function namesStampWrite(
  // biome-ignore lint/suspicious/noExplicitAny: ElectroDB's transaction entity type is not exported.
  entities: Record<string, any>,
  kind: TreeKind,
  ownerId: string,
  read: string | undefined,
) {
  const attribute = STAMP[kind];
  return entities.cellarVersion
    .update({ ownerId })
    .set({ [attribute]: ulid() })
    .where(
      // biome-ignore lint/suspicious/noExplicitAny: see above
      (attr: any, op: any) =>
        read === undefined ? op.notExists(attr[attribute]) : op.eq(attr[attribute], read),
    )
    .commit();
}
