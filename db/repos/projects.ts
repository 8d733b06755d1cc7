import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type ProjectRow, projects } from "../schema/index.ts";

export async function findAccountProject(db: Db, accountId: string, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.accountId, accountId)));
  return row;
}

export async function insertProject(db: Db, project: ProjectRow): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(project).returning();
  return row!;
}

/** Saves a draft's new content (the caller's own version of it); undefined when the account has no such project. */
export async function updateProjectContent(db: Db, accountId: string, id: string, content: unknown): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ content })
    .where(and(eq(projects.id, id), eq(projects.accountId, accountId)))
    .returning();
  return row;
}
