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
