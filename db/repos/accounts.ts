import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type AccountRow, type ApiKeyRow, accounts, apiKeys } from "../schema/index.ts";

export type NewAccount = typeof accounts.$inferInsert;
export type AccountPatch = Partial<Omit<NewAccount, "id" | "createdAt">>;

export async function insertAccount(db: Db, account: NewAccount): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(account).returning();
  return row!;
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.email, email));
  return row;
}

export async function listAccounts(db: Db): Promise<AccountRow[]> {
  return db.select().from(accounts).orderBy(asc(accounts.id));
}

export async function updateAccount(db: Db, id: string, patch: AccountPatch): Promise<AccountRow | undefined> {
  const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, id)).returning();
  return row;
}

export async function insertApiKey(db: Db, key: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row!;
}

/** A key that is not revoked, with its account. */
export async function findLiveKeyByHash(db: Db, hash: string): Promise<{ key: ApiKeyRow; account: AccountRow } | undefined> {
  const [row] = await db
    .select({ key: apiKeys, account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(apiKeys.accountId, accounts.id))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
  return row;
}

export async function listApiKeys(db: Db, accountId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(asc(apiKeys.id));
}

export async function revokeApiKey(db: Db, keyId: string, at: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** Takes a legacy plan's narration and export credits for a finished video. */
export async function debitCredits(db: Db, accountId: string, amounts: { narration: number; render: number }): Promise<void> {
  await db
    .update(accounts)
    .set({ credits: sql`${accounts.credits} - ${amounts.narration}`, exportCredits: sql`${accounts.exportCredits} - ${amounts.render}` })
    .where(eq(accounts.id, accountId));
}
