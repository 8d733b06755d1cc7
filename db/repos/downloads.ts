import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { downloadLinks } from "../schema/index.ts";

export type DownloadLink = typeof downloadLinks.$inferSelect;

export async function findDownloadLink(db: Db, token: string): Promise<DownloadLink | undefined> {
  const [row] = await db.select().from(downloadLinks).where(eq(downloadLinks.token, token));
  return row;
}

export async function insertDownloadLink(db: Db, link: DownloadLink): Promise<DownloadLink> {
  const [row] = await db.insert(downloadLinks).values(link).returning();
  return row!;
}
