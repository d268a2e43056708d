/**
 * The two ends of the ULID range. Every kind of an owner's items shares the owner's partition, each kind's
 * sort keys beginning with its name, so a key condition with only a lower bound (`gte`) reads every later
 * kind of item in the partition too, and one with only an upper bound (`lte`) every earlier kind: DynamoDB
 * reads (and bills) them all before ElectroDB drops what is not of the kind asked for. A range of ids from
 * one on, or up to one, is therefore read `between` the id and one of these.
 */
export const FIRST_ULID = '00000000000000000000000000';
export const LAST_ULID = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
